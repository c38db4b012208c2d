/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { renderPage, type RenderedPage } from "../pages.js";
import { fromUrlTitle, href, navigate } from "../router.js";

/** Parsoid links are relative ("./Title"): follow them inside the app. */
function followWikiLink(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.("a");
  const target = link?.getAttribute("href");
  if (!target?.startsWith("./")) return;
  event.preventDefault();
  navigate({ view: "page", title: fromUrlTitle(decodeURIComponent(target.slice(2).split("#")[0] ?? "")) });
}

export function PageView({ title }: { title: string }) {
  const [page, setPage] = useState<RenderedPage | null | undefined>(undefined);
  const [error, setError] = useState("");

  useEffect(() => {
    let current = true;
    setPage(undefined);
    setError("");
    renderPage(title).then(
      (result) => current && setPage(result),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [title]);

  return (
    <article aria-labelledby="page-heading">
      <h2 id="page-heading">{title}</h2>
      <p>
        <a href={href({ view: "edit", title })}>Edit</a>
        {page && <span class="muted" data-testid="page-origin"> · rendered by the {page.from === "server" ? "server" : "worker (offline copy)"}</span>}
      </p>
      {error && <p role="alert" class="error">{error}</p>}
      {page === undefined && !error && <p class="loading">Loading…</p>}
      {page === null && <p>This page does not exist{navigator.onLine ? "" : " in the offline copy"}. <a href={href({ view: "edit", title })}>Create it</a>.</p>}
      {page && <div class="page-content" onClick={followWikiLink} dangerouslySetInnerHTML={{ __html: page.html }} />}
    </article>
  );
}
