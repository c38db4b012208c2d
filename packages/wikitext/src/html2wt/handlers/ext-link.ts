// <a rel="mw:ExtLink">: a bare URL (stx "url"), a magic link (ISBN/RFC/PMID, stx "magiclink"),
// [url] (numbered, no text) or [url text].
import type { Serializer } from "../serializer.js";
import { isNewContent } from "../node-data.js";
import type { NodeHandler } from "./types.js";
import { textOf } from "../text-content.js";

/** "RFC 123" / "PMID 123" pointing at the number they name: the magic link form. */
function isMagicLinkText(text: string, href: string): boolean {
  const m = /^(RFC|PMID) ([0-9]+)$/.exec(text);
  if (!m) return false;
  return m[1] === "RFC" ? new RegExp(`rfc${m[2]}(?:\\D|$)`, "i").test(href) : new RegExp(`pubmed/${m[2]}(?:\\D|$)`).test(href);
}

/** Letters right before a bare URL or magic link would stop it from linking. */
function guardBefore(s: Serializer): void {
  if (/[\p{L}\p{N}_]$/u.test(s.currentLine)) s.emit("<nowiki/>");
}

/**
 * The whitespace between URL and text: "[url   text]" keeps its width, which the open syntax's
 * source width ("[" + url + spaces) still tells while the URL is the one written.
 */
function separatorAfterUrl(dsr: unknown, href: string): string {
  const openWidth = Array.isArray(dsr) && typeof dsr[2] === "number" ? dsr[2] : null;
  const spaces = openWidth === null ? 1 : openWidth - 1 - href.length;
  return spaces > 1 && spaces <= 8 ? " ".repeat(spaces) : " ";
}

export const extLinkHandler: NodeHandler = {
  serialize(el, s) {
    const current = el.getAttribute("href") ?? "";
    const original = el.dp?.sa?.["href"];
    const href = original !== undefined && el.dp?.a?.["href"] === current ? original : current;
    const stx = el.dp?.stx;
    const text = textOf(el);
    const classes = el.getAttribute("class") ?? "";
    if (stx === "magiclink" || classes.includes("mw-magiclink") || isMagicLinkText(text, current)) {
      guardBefore(s);
      s.emit(text);
      s.markAutolink();
      return;
    }
    const onlyText = el.children.every((c) => c.kind === "text");
    const bareable = /^[a-z][a-z0-9+.-]*:\/\//i.test(href) && !/[\s[\]<>"]/.test(href);
    if (onlyText && (text === current || text === href) && (stx === "url" || classes.includes("free") || (isNewContent(el) && bareable))) {
      guardBefore(s);
      s.emit(href);
      s.markAutolink();
      return;
    }
    if (el.children.length === 0) {
      s.emit(`[${href}]`);
      return;
    }
    s.emit(`[${href}${separatorAfterUrl(el.dp?.dsr, href)}`);
    s.withContext({ link: "ext" }, () => s.serializeChildren(el));
    s.emit("]");
  },
};
