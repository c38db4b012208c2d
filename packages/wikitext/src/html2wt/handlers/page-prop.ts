// Page properties written as links or magic words: categories [[Category:X|sort]], language
// links [[fr:X]], redirects (#REDIRECT [[X]]) and behaviour switches (__NOTOC__).
import { ANY, OWN_LINE } from "../constraints.js";
import { titleFromHref, safeDecodeURIComponent, interwikiTarget, needsColonEscape } from "./link-target.js";
import type { NodeHandler } from "./types.js";

export const categoryHandler: NodeHandler = {
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const hash = href.indexOf("#");
    const target = titleFromHref(hash >= 0 ? href.slice(0, hash) : href);
    const original = el.dp?.sa?.["href"];
    const sortKey = hash >= 0 ? safeDecodeURIComponent(href.slice(hash + 1)) : null;
    const name = original !== undefined && titleFromHref(original.replace(/ /g, "_")) === target ? original : target;
    s.emit(sortKey !== null ? `[[${name}|${sortKey}]]` : `[[${name}]]`);
  },
};

export const languageLinkHandler: NodeHandler = {
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const original = el.dp?.sa?.["href"];
    s.emit(`[[${original ?? interwikiTarget(href, s.env.site) ?? href}]]`);
  },
};

export const redirectHandler: NodeHandler = {
  after: () => OWN_LINE,
  serialize(el, s) {
    const href = el.getAttribute("href") ?? "";
    const src = el.dp?.src;
    if (typeof src === "string" && src.includes("[[")) return s.emit(src);
    // The parse data may keep the keyword as written ("#redirect", "#WEITERLEITUNG").
    const word = typeof src === "string" && src.startsWith("#") ? src.trimEnd() : (s.env.site.magicWord("redirect")?.aliases[0] ?? "#REDIRECT");
    const original = el.dp?.sa?.["href"];
    let target = original ?? interwikiTarget(href, s.env.site) ?? titleFromHref(href.replace(/^.*\/wiki\//, "./"));
    if (original === undefined && needsColonEscape(target, s.env.site)) target = `:${target}`;
    s.emit(`${word} [[${target}]]`);
  },
};

export const behaviourSwitchHandler: NodeHandler = {
  before: () => ANY,
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    const property = el.getAttribute("property") ?? "";
    const name = property.replace(/^mw:PageProp\//, "");
    const word = s.env.site.magicWord(name)?.aliases[0] ?? `__${name.toUpperCase()}__`;
    s.emit(word);
  },
};
