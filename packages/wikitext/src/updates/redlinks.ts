// Page-bundle update "redlinks": recompute the classes of wiki links (red, redirect,
// disambiguation, self link) against the current existence of their targets, without
// re-parsing the page. Works on HTML as the engine produced it: wiki links carry
// rel="mw:WikiLink" and the target in their title attribute.
import type { DataAccess } from "../env/data-access.js";
import { walkElements, type WElement } from "../dom/node.js";
import { addLinkClasses } from "../dom/passes/link-classes.js";
import { htmlToDom } from "../html2wt/index.js";
import { serializeChildren } from "../output/serialize.js";
import { splitBody } from "./document-parts.js";

const LINK_STATE_CLASSES = new Set(["new", "mw-redirect", "mw-disambig", "mw-selflink", "selflink"]);
const RED_LINK_QUERY = "?action=edit&redlink=1";

/** Removes what an earlier existence check wrote on a link, so that it can be checked again. */
function resetLink(el: WElement): void {
  const classes = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => c && !LINK_STATE_CLASSES.has(c));
  if (classes.length > 0) el.setAttribute("class", classes.join(" "));
  else el.removeAttribute("class");
  const href = el.getAttribute("href");
  if (href?.includes(RED_LINK_QUERY)) el.setAttribute("href", href.replace(RED_LINK_QUERY, ""));
  const i18n = el.getAttribute("data-mw-i18n");
  if (i18n?.includes('"red-link-title"')) {
    el.removeAttribute("data-mw-i18n");
    const types = (el.getAttribute("typeof") ?? "").split(/\s+/).filter((t) => t && t !== "mw:LocalizedAttrs");
    if (types.length > 0) el.setAttribute("typeof", types.join(" "));
    else el.removeAttribute("typeof");
  }
  if (el.dp?.a && "href" in el.dp.a) {
    const { href: _old, ...rest } = el.dp.a;
    el.dp.a = rest;
  }
}

export async function updateRedLinks(html: string, data: DataAccess, pageTitle: string): Promise<string> {
  const { before, inner, after } = splitBody(html);
  const body = htmlToDom(inner);
  walkElements(body, (el) => {
    if (el.name !== "a" || !(el.getAttribute("rel") ?? "").split(/\s+/).includes("mw:WikiLink")) return;
    const title = el.getAttribute("title");
    if (!title) return;
    resetLink(el);
    el.aux = { ...(el.aux ?? {}), title };
  });
  await addLinkClasses(body, data, pageTitle);
  return before + serializeChildren(body, { inlineDataParser: false }) + after;
}
