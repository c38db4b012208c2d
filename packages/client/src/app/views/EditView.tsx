/** @jsxImportSource preact */
import { useEffect, useRef, useState } from "preact/hooks";
import type { LintItem } from "@wikiloom/wikitext";
import { conversionWorker } from "../conversion.js";
import { pageSource, savePage, type SaveOutcome } from "../pages.js";
import { href } from "../router.js";
import { LintPanel } from "./LintPanel.js";

/** Typing pauses this long before the worker converts and lints again. */
const PREVIEW_DELAY_MS = 200;

interface Preview {
  html: string;
  lint: LintItem[];
  ms: number;
}

export function EditView({ title }: { title: string }) {
  const [text, setText] = useState<string | null>(null);
  const [baseRevid, setBaseRevid] = useState(0);
  const [summary, setSummary] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let current = true;
    setText(null);
    setOutcome(null);
    pageSource(title).then(
      (source) => {
        if (!current) return;
        setText(source?.wikitext ?? "");
        setBaseRevid(source?.revid ?? 0);
      },
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [title]);

  // Live preview and lint from the worker, a moment after the last keystroke.
  useEffect(() => {
    if (text === null) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const worker = conversionWorker();
        const [converted, linted] = await Promise.all([worker.wt2html(title, text), worker.lint(title, text)]);
        if (current) setPreview({ html: converted.html, lint: linted.items, ms: converted.ms + linted.ms });
      } catch (failure) {
        if (current) setError(`Preview failed: ${(failure as Error).message}`);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, title]);

  function select(start: number, end: number) {
    const area = editor.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(start, end);
  }

  async function save(event: Event) {
    event.preventDefault();
    if (text === null) return;
    setBusy(true);
    setError("");
    try {
      const result = await savePage(title, baseRevid, text, summary);
      setOutcome(result);
      if (result.status === "saved") setBaseRevid(result.revid);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  /** Resolving a conflict: keep my text on top of the server's revision, or take the server's. */
  function resolve(keepMine: boolean) {
    if (outcome?.status !== "conflict") return;
    setBaseRevid(outcome.server.revid);
    if (!keepMine) setText(outcome.server.wikitext);
    setOutcome(null);
  }

  if (text === null) return <p class="loading">{error || "Loading…"}</p>;
  return (
    <section aria-labelledby="edit-heading">
      <h2 id="edit-heading">Editing {title}</h2>
      <form onSubmit={save}>
        <div class="editor">
          <div>
            <label for="wikitext">Wikitext</label>
            <textarea id="wikitext" ref={editor} rows={22} value={text} onInput={(e) => setText(e.currentTarget.value)} />
            <label for="summary">Summary</label>
            <input id="summary" value={summary} onInput={(e) => setSummary(e.currentTarget.value)} />
            <p>
              <button type="submit" disabled={busy}>Save</button> <a href={href({ view: "page", title })}>Cancel</a>
            </p>
          </div>
          <div>
            <h3>Preview {preview && <span class="muted">({Math.round(preview.ms)} ms in the worker)</span>}</h3>
            <div class="preview" data-testid="preview" aria-live="polite" dangerouslySetInnerHTML={{ __html: preview?.html ?? "" }} />
            <LintPanel items={preview?.lint ?? []} onSelect={select} />
          </div>
        </div>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      <SaveStatus outcome={outcome} onResolve={resolve} />
    </section>
  );
}

function SaveStatus({ outcome, onResolve }: { outcome: SaveOutcome | null; onResolve: (keepMine: boolean) => void }) {
  if (!outcome) return null;
  if (outcome.status === "saved") return <p role="status" class="ok">Saved (revision {outcome.revid}).</p>;
  if (outcome.status === "queued") {
    return <p role="status" class="ok">You are offline: the edit is queued and will be saved when you are back online (see <a href={href({ view: "sync" })}>Sync</a>).</p>;
  }
  return (
    <div role="alert" class="conflict">
      <p class="error">Edit conflict: someone saved revision {outcome.server.revid} meanwhile. Their text:</p>
      <textarea readOnly rows={8} value={outcome.server.wikitext} aria-label="The server's version" />
      <p>
        <button type="button" onClick={() => onResolve(true)}>Keep my text (save again on top of theirs)</button>{" "}
        <button type="button" onClick={() => onResolve(false)}>Take their version</button>
      </p>
    </div>
  );
}
