// Page properties written as links or magic words: categories [[Category:X|sort]], language
// links [[fr:X]], redirects (#REDIRECT [[X]]) and behaviour switches (__NOTOC__).
import { ANY, OWN_LINE } from "../constraints.js";
import { titleFromHref, safeDecodeURIComponent, interwikiTarget, isLanguageLinkTarget } from "./link-target.js";
import type { NodeHandler } from "./types.js";
import { NS_CATEGORY } from "../../env/title.js";
import { isNewContent } from "../node-data.js";
import { expandedAttr } from "./expanded-attrs.js";
import { decodeEntities } from "../../util/entities.js";
import { isCategoryLink, isRenderingTransparent } from "./block-kinds.js";
import type { WElement, WNode } from "../../dom/node.js";

/** Whether a sort key as written gives this key (MediaWiki decodes entities, drops newlines). */
function writtenSortKeyGives(written: string, key: string): boolean {
  return decodeEntities(written).replace(/\n/g, "") === key;
}

export const categoryHandler: NodeHandler = {
  // An editor's new category goes on a line of its own, apart from content or another category
  // next to it (parsed ones stay where they were; comments and spaces around it are no content).
  before: (el, prev) => (withoutSourcePlace(el) && (isVisibleContent(prev) || isCategoryLink(prev)) ? OWN_LINE : ANY),
  after: (el, next) => (withoutSourcePlace(el) && isVisibleContent(next) ? OWN_LINE : ANY),
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const hash = href.indexOf("#");
    const target = titleFromHref(hash >= 0 ? href.slice(0, hash) : href);
    const written = el.dp?.sa?.["href"];
    // (Parsoid's parse data spells the href's sort key into it too: "Category:Foo#%20".)
    const keyPart = hash >= 0 ? href.slice(hash) : "";
    const original = typeof written === "string" && keyPart !== "" && written.endsWith(keyPart) ? written.slice(0, -keyPart.length) : written;
    let sortKey = hash >= 0 ? safeDecodeURIComponent(href.slice(hash + 1)) : null;
    // Templated target or sort key (mw:ExpandedAttrs): written as they were while they still give
    // the values the parse recorded.
    const expanded = /\bmw:ExpandedAttrs\b/.test(el.getAttribute("typeof") ?? "");
    const unchanged = (name: string, value: string | null) => expanded && value !== null && el.dp?.a?.[name] === value;
    // (The parse's href unchanged: the target as written, whatever its case or spacing.)
    const hrefAsParsed = el.dp?.a?.["href"] === href;
    let name = original !== undefined && (hrefAsParsed || titleFromHref(original.replace(/ /g, "_")) === target || unchanged("href", href)) ? original : target;
    if (original === undefined && expanded) {
      // Without parse data, data-mw keeps the HTML the target's markup rendered to.
      const targetHtml = expandedAttr(el, "href")?.valueHtml;
      if (typeof targetHtml === "string") name = s.serializeFragment(targetHtml, { link: "wiki" });
    }
    const writtenKey = el.dp?.sa?.["mw:sortKey"];
    if (writtenKey !== undefined && unchanged("mw:sortKey", sortKey)) sortKey = writtenKey;
    // A key written with what the href cannot show (newlines, entities), while it still gives it.
    else if (typeof writtenKey === "string" && !expanded && sortKey !== null && writtenSortKeyGives(writtenKey, sortKey)) sortKey = writtenKey;
    else if (writtenKey === undefined && expanded) {
      // Without parse data, data-mw keeps the HTML the sort key's markup rendered to.
      const keyHtml = expandedAttr(el, "mw:sortKey")?.valueHtml;
      if (typeof keyHtml === "string") sortKey = s.serializeFragment(keyHtml);
    }
    s.emit(sortKey !== null ? `[[${name}|${sortKey}]]` : `[[${name}]]`);
  },
};

/**
 * A category with no place in a source (new, or parse data without a range): Parsoid's rule
 * for such page properties, a line of their own, applies; parsed ones stay where they were.
 */
function withoutSourcePlace(el: WElement): boolean {
  return isNewContent(el) || el.dp?.dsr === undefined;
}

function isVisibleContent(node: WNode | null): boolean {
  if (node === null) return false;
  if (node.kind === "text") return node.value.trim() !== "";
  return !isRenderingTransparent(node);
}

export const languageLinkHandler: NodeHandler = {
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const written = el.dp?.sa?.["href"];
    const parsedHref = el.dp?.a?.["href"];
    // The spelling as written while the link still goes where it went.
    const original = written !== undefined && (parsedHref === undefined || parsedHref === href) ? written : undefined;
    s.emit(`[[${original ?? interwikiTarget(href, s.env.site) ?? href}]]`);
  },
};

/** A redirect link with another before it among its siblings: a page has one redirect. */
function isLaterRedirect(el: WElement): boolean {
  const siblings = el.parent?.children ?? [];
  for (const prev of siblings) {
    if (prev === el) return false;
    if (prev.kind === "element" && prev.name === "link" && (prev.getAttribute("rel") ?? "").includes("mw:PageProp/redirect")) return true;
  }
  return false;
}

export const redirectHandler: NodeHandler = {
  after: () => OWN_LINE,
  serialize(el, s) {
    if (isLaterRedirect(el)) return;
    const href = el.getAttribute("href") ?? "";
    const src = el.dp?.src;
    if (typeof src === "string" && src.includes("[[")) return s.emit(src);
    // The parse data may keep the keyword as written ("#redirect", "#WEITERLEITUNG").
    const word = typeof src === "string" && src.startsWith("#") ? src.trimEnd() : (s.env.site.magicWord("redirect")?.aliases[0] ?? "#REDIRECT");
    const written = el.dp?.sa?.["href"];
    const parsedHref = el.dp?.a?.["href"];
    const original = written !== undefined && (parsedHref === undefined || parsedHref === href) ? written : undefined;
    let target = original ?? interwikiTarget(href, s.env.site) ?? titleFromHref(href.replace(/^.*\/wiki\//, "./"));
    // A redirect to a file page names it plainly; a category or a language prefix takes the colon.
    if (original === undefined && (isLanguageLinkTarget(target, s.env.site) || s.env.site.namespaceId(target.slice(0, Math.max(0, target.indexOf(":"))).trim()) === NS_CATEGORY)) target = `:${target}`;
    s.emit(`${word} [[${target}]]`);
  },
};

export const behaviourSwitchHandler: NodeHandler = {
  // A new switch goes on a line of its own too, as Parsoid writes new page properties.
  before: (el, prev) => (isNewContent(el) && isVisibleContent(prev) ? OWN_LINE : ANY),
  after: (el, next) => (isNewContent(el) && isVisibleContent(next) ? OWN_LINE : ANY),
  serialize(el, s) {
    const src = el.dp?.src;
    // Parsoid writes the alias the source used when it is one of the wiki's, as listed or (for a
    // case-insensitive word) in lower case; other spellings become the first alias
    // ("__NotoC__" → "__NOTOC__").
    const magicSrc = el.dp?.["magicSrc"];
    const written = typeof magicSrc === "string" ? s.env.site.magicWord((el.getAttribute("property") ?? "").replace(/^mw:PageProp\//, "")) : undefined;
    if (written !== undefined && written.aliases.length > 0 && typeof magicSrc === "string") {
      const known = written.aliases.includes(magicSrc) || (!written["case-sensitive"] && written.aliases.some((a) => a.toLowerCase() === magicSrc));
      return s.emit(known ? magicSrc : written.aliases[0]!);
    }
    if (typeof src === "string") return s.emit(src);
    // The TOC marker the parser put where enough headings asked for one: no source behind it.
    if (el.mw?.["autoGenerated"] === true) return;
    const property = el.getAttribute("property") ?? "";
    const name = property.replace(/^mw:PageProp\//, "");
    // A property the wiki has no magic word for has no wikitext: nothing is written.
    const word = s.env.site.magicWord(name)?.aliases[0];
    if (word !== undefined) s.emit(word);
  },
};
