// `<html>` (MediaWiki's $wgRawHtml, on only where the site lists the tag: the parser tests): the
// body is HTML put into the page as written, unsanitized. As Parsoid encapsulates an extension
// whose output is several nodes, the first top-level node carries the typeof and data-mw (a text
// node in a span of its own) and the others follow as its about-siblings (text in spans), so
// html2wt writes the call once from data-mw; an empty body is a `<link>` placeholder.
import type { Attr, WNode } from "../dom/node.js";
import { parseHtmlFragment } from "../html2wt/parse-html.js";
import { attr, endTag, selfClosing, startTag, type StartTagTk, type Token } from "../tokenizer/tokens.js";
import { VOID_TAGS } from "../util/html-tags.js";
import type { ExtensionContext, ExtensionHandler } from "./types.js";
import { voidWrapper, wrapperStart } from "./output.js";

/** About ids of multi-node outputs, per page (distinct from the transclusions' `#mwtN`). */
const aboutCounts = new WeakMap<object, number>();

function nextAbout(page: object): string {
  const n = (aboutCounts.get(page) ?? 0) + 1;
  aboutCounts.set(page, n);
  return `#mwe${n}`;
}

export const rawHtml: ExtensionHandler = {
  names: ["html"],
  render(call, ctx) {
    const top = call.body ? [...parseHtmlFragment(call.body, "body").children] : [];
    if (top.length === 0) return [voidWrapper(call, "link")];
    const about = top.length > 1 ? [attr("about", nextAbout(ctx.env.page))] : [];
    const out: Token[] = [];
    top.forEach((node, i) => {
      const tag = node.kind === "element" ? node.name : "span";
      const attrs: Attr[] = node.kind === "element" ? [...about, ...node.attrs] : about;
      if (i === 0 && VOID_TAGS.has(tag)) out.push(voidWrapper(call, tag, { attrs }));
      else if (VOID_TAGS.has(tag)) out.push(selfClosing(tag, attrs, { tsr: [call.end, call.end] }));
      else {
        const start = i === 0 ? wrapperStart(call, tag, { attrs }) : startTag(tag, attrs, { tsr: [call.end, call.end] });
        attachNodes(start, node.kind === "element" ? [...node.children] : [node], ctx);
        out.push(start, endTag(tag, { tsr: [call.end, call.end] }));
      }
    });
    return out;
  },
};

/** The node's content goes into the element the token becomes, as built (no wikitext parse). */
function attachNodes(tk: StartTagTk, children: WNode[], ctx: ExtensionContext): void {
  if (children.length === 0) return;
  for (const c of children) c.parent = null;
  tk.aux = { ...tk.aux, fragment: ctx.nodes(children) };
}
