// <a rel="mw:ExtLink">: a bare URL (stx "url"), a magic link (ISBN/RFC/PMID, stx "magiclink"),
// [url] (numbered, no text) or [url text].
import type { NodeHandler } from "./types.js";

export const extLinkHandler: NodeHandler = {
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const stx = el.dp?.stx;
    const text = el.textContent();
    const classes = el.getAttribute("class") ?? "";
    if (stx === "magiclink" || classes.includes("mw-magiclink")) {
      s.emit(text);
      return;
    }
    const onlyText = el.children.every((c) => c.kind === "text");
    if ((stx === "url" || classes.includes("free")) && onlyText && text === href) {
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
