// Red, redirect and disambiguation link classes. All wiki link targets of the document are
// checked with a single existence query to the environment.
import { walkElements, type Attr, type WElement } from "../node.js";
import type { DataAccess } from "../../env/data-access.js";

export async function addLinkClasses(root: WElement, data: DataAccess, pageTitle: string): Promise<void> {
  const links: WElement[] = [];
  walkElements(root, (el) => collectWikiLink(el, links));
  await classifyLinks(links, data, pageTitle);
}

/** Adds `el` to `links` when it is a wiki link (for a walk shared with another pass). */
export function collectWikiLink(el: WElement, links: WElement[]): void {
  if (el.name === "a" && el.aux?.title !== undefined) links.push(el);
}

/** The classes of wiki links found by collectWikiLink, in document order. */
export async function classifyLinks(links: readonly WElement[], data: DataAccess, pageTitle: string): Promise<void> {
  if (links.length === 0) return;
  // The distinct titles in one loop (no mapped array and no spread of a set).
  const seen = new Set<string>();
  const titles: string[] = [];
  for (let i = 0; i < links.length; i++) {
    const title = links[i]!.aux!.title!;
    if (!seen.has(title)) {
      seen.add(title);
      titles.push(title);
    }
  }
  const existence = await data.getPageExistence(titles);
  // A page links to many titles more than once: one i18n record per title.
  const redLinkRecords = new Map<string, string>();
  for (const el of links) {
    const title = el.aux!.title!;
    if (title === pageTitle) {
      addClass(el, "mw-selflink selflink");
      continue;
    }
    const info = existence.get(title);
    if (!info || !info.exists) {
      let i18n = redLinkRecords.get(title);
      if (i18n === undefined) {
        i18n = redLinkI18n(title);
        redLinkRecords.set(title, i18n);
      }
      markRedLink(el, i18n);
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

/** The data-mw-i18n record of a red link's title (built without a JSON round trip per link). */
function redLinkI18n(title: string): string {
  return `{"title":{"lang":"x-page","key":"red-link-title","params":[${JSON.stringify(title)}]}}`;
}

/**
 * `./Foo#x` becomes `./Foo?action=edit&redlink=1#x`, with a localizable title (`i18n`). Every
 * link of a page on a new wiki is red, so the attributes are found in one scan and new ones
 * appended in the order setAttribute would give them.
 */
function markRedLink(el: WElement, i18n: string): void {
  let hrefAttr: Attr | undefined;
  let classAttr: Attr | undefined;
  let typeAttr: Attr | undefined;
  let i18nAttr: Attr | undefined;
  for (const a of el.attrs) {
    if (a.name === "href") hrefAttr = a;
    else if (a.name === "class") classAttr = a;
    else if (a.name === "typeof") typeAttr = a;
    else if (a.name === "data-mw-i18n") i18nAttr = a;
  }
  const href = hrefAttr?.value ?? "";
  const hash = href.indexOf("#");
  const newHref = hash >= 0 ? `${href.slice(0, hash)}?action=edit&redlink=1${href.slice(hash)}` : `${href}?action=edit&redlink=1`;
  if (hrefAttr) hrefAttr.value = newHref;
  if (classAttr) classAttr.value = classAttr.value ? `${classAttr.value} new` : "new";
  if (typeAttr) typeAttr.value = typeAttr.value ? `${typeAttr.value} mw:LocalizedAttrs` : "mw:LocalizedAttrs";
  if (i18nAttr) i18nAttr.value = i18n;
  if (hrefAttr && !classAttr && !typeAttr && !i18nAttr) {
    // The usual link (href, no class): the three new attributes in one exact-size array (pushing
    // onto a full array reserves 16 more slots, kept as long as the element).
    el.attrs = el.attrs.concat({ name: "class", value: "new" }, { name: "typeof", value: "mw:LocalizedAttrs" }, { name: "data-mw-i18n", value: i18n });
  } else {
    if (!hrefAttr) el.attrs.push({ name: "href", value: newHref });
    if (!classAttr) el.attrs.push({ name: "class", value: "new" });
    if (!typeAttr) el.attrs.push({ name: "typeof", value: "mw:LocalizedAttrs" });
    if (!i18nAttr) el.attrs.push({ name: "data-mw-i18n", value: i18n });
  }
  if (el.dp) {
    // The original href, for html2wt.
    if (el.dp.a) el.dp.a["href"] = href;
    else el.dp.a = { href };
  }
}
