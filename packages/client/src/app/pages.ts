// Reading and saving pages: the server when it can be reached, the local copy and the worker
// when it cannot. Saves detect edit conflicts by base revision; offline saves are queued.
import { ApiError, NetworkError, actionGet, actionPost, csrfToken, restHtml } from "./api.js";
import { conversionWorker } from "./conversion.js";
import { localPage, rememberPage, syncClient } from "./library.js";
import { isOnline } from "./online.js";
import { toUrlTitle } from "./router.js";
import { synchronise } from "./sync.js";
import { WIKI_DOMAIN } from "../shared/paths.js";

export interface PageSourceInfo {
  title: string;
  revid: number;
  wikitext: string;
  timestamp: string;
  /** Where it came from. */
  from: "server" | "local";
}

export interface RenderedPage {
  title: string;
  html: string;
  from: "server" | "worker";
}

/** Latest wikitext and revision of a page (null when the page does not exist). */
export async function pageSource(title: string): Promise<PageSourceInfo | null> {
  if (isOnline()) {
    try {
      return await serverSource(title);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const local = await localPage(title);
  return local ? { title: local.title, revid: local.revid, wikitext: local.wikitext, timestamp: local.timestamp, from: "local" } : null;
}

async function serverSource(title: string): Promise<PageSourceInfo | null> {
  const answer = await actionGet({ action: "query", prop: "revisions", rvprop: "ids|content|timestamp", rvslots: "main", titles: title });
  const page = answer.query?.pages?.[0];
  const revision = page?.revisions?.[0];
  if (!page || page.missing || !revision) return null;
  const info: PageSourceInfo = {
    title: page.title,
    revid: revision.revid,
    wikitext: revision.slots?.main?.content ?? "",
    timestamp: revision.timestamp,
    from: "server",
  };
  await rememberPage({ title: info.title, revid: info.revid, wikitext: info.wikitext, timestamp: info.timestamp });
  return info;
}

/** The page's HTML: the conversion service online, the worker over the local copy offline. */
export async function renderPage(title: string): Promise<RenderedPage | null> {
  if (isOnline()) {
    try {
      const html = await restHtml(`/${WIKI_DOMAIN}/v3/page/html/${encodeURIComponent(toUrlTitle(title))}`);
      // Keep the source too, and sync so the templates it uses come along: the page then opens
      // and edits offline later.
      void serverSource(title).then(() => synchronise(), () => undefined);
      return { title, html: bodyOf(html), from: "server" };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const local = await localPage(title);
  if (!local) return null;
  const converted = await conversionWorker().wt2html(local.title, local.wikitext);
  return { title: local.title, html: converted.html, from: "worker" };
}

/** The contents of <body> of a converted document (the service answers whole documents). */
export function bodyOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return doc.body.innerHTML;
}

export type SaveOutcome =
  | { status: "saved"; revid: number }
  | { status: "queued" }
  | { status: "conflict"; server: { revid: number; wikitext: string } };

/** Saves an edit made on top of baseRevid; offline (or unreachable) it is queued for sync. */
export async function savePage(title: string, baseRevid: number, text: string, summary: string): Promise<SaveOutcome> {
  if (isOnline()) {
    try {
      const token = await csrfToken();
      const answer = await actionPost({ action: "edit", title, text, summary, baserevid: baseRevid || undefined, token });
      const revid = answer.edit?.newrevid ?? answer.edit?.oldrevid ?? baseRevid;
      await rememberPage({ title, revid, wikitext: text, timestamp: answer.edit?.newtimestamp ?? new Date().toISOString() });
      return { status: "saved", revid };
    } catch (error) {
      if (error instanceof ApiError && error.code === "editconflict") {
        const server = await serverSource(title);
        return { status: "conflict", server: { revid: server?.revid ?? 0, wikitext: server?.wikitext ?? "" } };
      }
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  await syncClient().queueEdit({ title, baseRevid, text, summary });
  return { status: "queued" };
}
