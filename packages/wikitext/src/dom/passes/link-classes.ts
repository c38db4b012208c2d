// Red, redirect and disambiguation link classes. All wiki link targets of the document are
// checked with a single existence query to the environment.
import { walkElements, type WElement } from "../node.js";
import type { DataAccess } from "../../env/data-access.js";

export async function addLinkClasses(root: WElement, data: DataAccess, pageTitle: string): Promise<void> {
  const links: WElement[] = [];
  walkElements(root, (el) => {
    if (el.name === "a" && el.aux?.title !== undefined) links.push(el);
  });
  if (links.length === 0) return;
  const titles = [...new Set(links.map((el) => el.aux!.title!))];
  const existence = await data.getPageExistence(titles);
  for (const el of links) {
    const title = el.aux!.title!;
    if (title === pageTitle) {
      addClass(el, "mw-selflink selflink");
      continue;
    }
    const info = existence.get(title);
    if (!info || !info.exists) {
      markRedLink(el, title);
      continue;
    }
    if (info.redirect) addClass(el, "mw-redirect");
    if (info.disambiguation) addClass(el, "mw-disambig");
  }
}

function addClass(el: WElement, cls: string): void {
  const existing = el.getAttribute("class");
  el.setAttribute("class", existing ? `${existing} ${cls}` : cls);
}

/** `./Foo#x` becomes `./Foo?action=edit&redlink=1#x`, with a localizable title. */
function markRedLink(el: WElement, title: string): void {
  const href = el.getAttribute("href") ?? "";
  const hash = href.indexOf("#");
  const newHref = hash >= 0 ? `${href.slice(0, hash)}?action=edit&redlink=1${href.slice(hash)}` : `${href}?action=edit&redlink=1`;
  el.setAttribute("href", newHref);
  addClass(el, "new");
  const typeOf = el.getAttribute("typeof");
  el.setAttribute("typeof", typeOf ? `${typeOf} mw:LocalizedAttrs` : "mw:LocalizedAttrs");
  // The i18n record differs only in the title: build it without a JSON round trip per link.
  el.setAttribute("data-mw-i18n", `{"title":{"lang":"x-page","key":"red-link-title","params":[${JSON.stringify(title)}]}}`);
  if (el.dp) {
    // The original href, for html2wt.
    if (el.dp.a) el.dp.a["href"] = href;
    else el.dp.a = { href };
  }
}
