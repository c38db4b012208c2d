// Red, redirect and disambiguation link classes. All wiki link targets of the document are
// checked with a single existence query to the environment.
import { walkElements, type Attr, type WElement } from "../node.js";
import type { DataAccess, PageExistence } from "../../env/data-access.js";

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
  // The distinct titles, and per link the index of its title among them: a page links to many
  // titles more than once, and the loop below then needs no lookup by title.
  const indexOfTitle = new Map<string, number>();
  const titles: string[] = [];
  const titleIndex = new Int32Array(links.length);
  for (let i = 0; i < links.length; i++) {
    const title = links[i]!.aux!.title!;
    let index = indexOfTitle.get(title);
    if (index === undefined) {
      index = titles.length;
      indexOfTitle.set(title, index);
      titles.push(title);
    }
    titleIndex[i] = index;
  }
  const existence = await data.getPageExistence(titles);
  // What each distinct title does to its links, decided once: a class to add, a red link's
  // record (shared by the title's links), or nothing.
  const outcomes: Array<LinkOutcome> = new Array(titles.length);
  for (let t = 0; t < titles.length; t++) outcomes[t] = outcomeOf(titles[t]!, existence.get(titles[t]!), pageTitle);
  for (let i = 0; i < links.length; i++) {
    const outcome = outcomes[titleIndex[i]!]!;
    if (outcome === null) continue;
    if (typeof outcome === "string") addClass(links[i]!, outcome);
    else markRedLink(links[i]!, outcome);
  }
}

type LinkOutcome = RedLink | string | null;

function outcomeOf(title: string, info: PageExistence | undefined, pageTitle: string): LinkOutcome {
  if (title === pageTitle) return "mw-selflink selflink";
  if (!info || !info.exists) return new RedLink(title);
  if (info.redirect) return info.disambiguation ? "mw-redirect mw-disambig" : "mw-redirect";
  return info.disambiguation ? "mw-disambig" : null;
}

function addClass(el: WElement, cls: string): void {
  const existing = el.getAttribute("class");
  el.setAttribute("class", existing ? `${existing} ${cls}` : cls);
}

/** What the links to one missing title share. */
class RedLink {
  /** The data-mw-i18n record (built without a JSON round trip per link). */
  readonly i18n: string;
  /** The href last rewritten for this title and what it became. */
  href: string | null = null;
  newHref = "";

  constructor(title: string) {
    this.i18n = `{"title":{"lang":"x-page","key":"red-link-title","params":[${JSON.stringify(title)}]}}`;
  }

  /** `./Foo#x` becomes `./Foo?action=edit&redlink=1#x`. */
  editHref(href: string): string {
    if (href !== this.href) {
      const hash = href.indexOf("#");
      this.newHref = hash >= 0 ? `${href.slice(0, hash)}?action=edit&redlink=1${href.slice(hash)}` : `${href}?action=edit&redlink=1`;
      this.href = href;
    }
    return this.newHref;
  }
}

/**
 * A red link gets the edit href and a localizable title (data-mw-i18n). Every link of a page on
 * a new wiki is red, so the attributes are found in one scan and new ones appended in the order
 * setAttribute would give them.
 */
function markRedLink(el: WElement, red: RedLink): void {
  let hrefAttr: Attr | undefined;
  let classAttr: Attr | undefined;
  let typeAttr: Attr | undefined;
  let i18nAttr: Attr | undefined;
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    if (a.name === "href") hrefAttr = a;
    else if (a.name === "class") classAttr = a;
    else if (a.name === "typeof") typeAttr = a;
    else if (a.name === "data-mw-i18n") i18nAttr = a;
  }
  const href = hrefAttr?.value ?? "";
  const newHref = red.editHref(href);
  const i18n = red.i18n;
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
