// Tag lists shared by the grammar, the sanitizer and the paragraph wrapper (facts from
// MediaWiki's Sanitizer and BlockLevelPass).

/** Tags the sanitizer lets through as HTML (everything else is shown as text). */
export const ALLOWED_TAGS = new Set([
  "b", "bdi", "del", "i", "ins", "u", "font", "big", "small", "sub", "sup", "h1", "h2", "h3", "h4",
  "h5", "h6", "cite", "code", "em", "s", "strike", "strong", "tt", "var", "div", "center",
  "blockquote", "ol", "ul", "dl", "table", "caption", "pre", "ruby", "rb", "rp", "rt", "rtc", "p",
  "span", "abbr", "dfn", "kbd", "samp", "data", "time", "mark", "br", "wbr", "hr", "li", "dt", "dd",
  "td", "th", "tr", "q", "bdo", "meta", "link",
]);

/**
 * Every element name of HTML5 and of older HTML (Parsoid's HTML5Tags and OlderHTMLTags): only
 * these (with extension, include-directive and annotation tags) open a tag for the tokenizer; a
 * tag the sanitizer does not allow is then shown as text whole, while `<` before any other name
 * is plain text followed by wikitext.
 */
export const HTML_TAG_NAMES: readonly string[] = [
  "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
  "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup",
  "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head",
  "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "keygen", "label",
  "legend", "li", "link", "main", "map", "mark", "menu", "menuitem", "meta", "meter", "nav",
  "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre",
  "progress", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "script", "search", "section",
  "select", "slot", "small", "source", "span", "strong", "style", "sub", "summary", "sup", "table",
  "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track",
  "u", "ul", "var", "video", "wbr",
  // Older HTML.
  "acronym", "applet", "basefont", "big", "blink", "center", "dir", "font", "frame", "frameset",
  "image", "isindex", "listing", "marquee", "nobr", "noembed", "noframes", "plaintext", "rbc",
  "spacer", "strike", "tt", "xmp",
];

/** Tags that never have content. */
export const VOID_TAGS = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
  "track", "wbr",
]);

/** Open a block scope when entering, close it when leaving. */
export const BLOCK_ELEMS = new Set(["table", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "p", "ul", "ol", "dl"]);
/** Close the block scope when entering, open it when leaving. */
export const ANTI_BLOCK_ELEMS = new Set(["td", "th"]);
/** Open a block scope both when entering and when leaving. */
export const ALWAYS_BLOCK_ELEMS = new Set(["tr", "caption", "dt", "dd", "li"]);
/** Close the block scope both when entering and when leaving. */
export const NEVER_BLOCK_ELEMS = new Set(["center", "blockquote", "div", "hr", "figure", "aside"]);

export const WIKITEXT_BLOCK_ELEMS = new Set([
  ...BLOCK_ELEMS, ...ANTI_BLOCK_ELEMS, ...ALWAYS_BLOCK_ELEMS, ...NEVER_BLOCK_ELEMS,
]);

/** Whether a tag name is `h1`…`h6` (by character codes: hot in tree walks). */
export function isHeadingTagName(name: string): boolean {
  if (name.length !== 2 || name.charCodeAt(0) !== 104 /* h */) return false;
  const level = name.charCodeAt(1);
  return level >= 49 /* 1 */ && level <= 54 /* 6 */;
}

/**
 * HTML5's formatting elements (the adoption agency's, reopened after misnesting): what Parsoid's
 * paragraph wrapping splits, tree building marks when written as HTML, and the misnesting lints check.
 */
export const FORMATTING_ELEMS: ReadonlySet<string> = new Set(["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"]);

/** Elements the HTML5 tree builder (Remex) treats as blocks: p-wrapping and annotation wrappers split at them. */
export const REMEX_BLOCK_TAGS: ReadonlySet<string> = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li",
  "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
  "ul",
]);
