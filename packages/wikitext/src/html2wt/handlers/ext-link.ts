// <a rel="mw:ExtLink">: a bare URL (stx "url"), a magic link (ISBN/RFC/PMID, stx "magiclink"),
// [url] (numbered, no text) or [url text].
import type { NodeHandler } from "./types.js";

/** "RFC 123" / "PMID 123" pointing at the number they name: the magic link form. */
function isMagicLinkText(text: string, href: string): boolean {
  const m = /^(RFC|PMID) ([0-9]+)$/.exec(text);
  if (!m) return false;
  return m[1] === "RFC" ? new RegExp(`rfc${m[2]}(?:\\D|$)`, "i").test(href) : new RegExp(`pubmed/${m[2]}(?:\\D|$)`).test(href);
}

export const extLinkHandler: NodeHandler = {
  serialize(el, s) {
    const current = el.getAttribute("href") ?? "";
    const original = el.dp?.sa?.["href"];
    const href = original !== undefined && el.dp?.a?.["href"] === current ? original : current;
    const stx = el.dp?.stx;
    const text = el.textContent();
    const classes = el.getAttribute("class") ?? "";
    if (stx === "magiclink" || classes.includes("mw-magiclink") || isMagicLinkText(text, current)) {
      s.emit(text);
      return;
    }
    const onlyText = el.children.every((c) => c.kind === "text");
    if ((stx === "url" || classes.includes("free")) && onlyText && (text === current || text === href)) {
      s.emit(href);
      return;
    }
    if (el.children.length === 0) {
      s.emit(`[${href}]`);
      return;
    }
    s.emit(`[${href} `);
    s.withContext({ link: "ext" }, () => s.serializeChildren(el));
    s.emit("]");
  },
};
