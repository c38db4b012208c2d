// Media (figure/span typeof mw:File...): [[File:Name|options|caption]] rebuilt from the HTML:
// the format from typeof, alignment from classes, size from the image's width when it is not
// the default, link/alt from attributes, the caption from <figcaption> or data-mw.
import type { WElement } from "../../dom/node.js";
import { OWN_LINE, ANY } from "../constraints.js";
import type { Serializer } from "../serializer.js";
import { safeDecodeURIComponent, sameTarget, titleFromHref } from "./link-target.js";
import { decodeEntities } from "../../util/entities.js";
import type { NodeHandler } from "./types.js";
import { mediaOptionTexts, originalOptions, type MediaState } from "./media-options.js";
import { localizeOption, optionWord } from "./media-words.js";
import { expandedAttr } from "./expanded-attrs.js";

function find(el: WElement, names: ReadonlySet<string>): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (names.has(c.name)) return c;
    const inner = find(c, names);
    if (inner) return inner;
  }
  return null;
}

const MEDIA_TAGS = new Set(["img", "video", "audio", "span"]);
const IMG_ONLY = new Set(["img", "video", "audio"]);

function formatOption(type: string): string | null {
  if (type.includes("mw:File/Thumb")) return "thumb";
  if (type.includes("mw:File/Frameless")) return "frameless";
  if (type.includes("mw:File/Frame")) return "frame";
  return null;
}

const CLASS_OPTIONS: Array<[string, string]> = [
  ["mw-halign-right", "right"], ["mw-halign-left", "left"], ["mw-halign-center", "center"], ["mw-halign-none", "none"],
  ["mw-valign-middle", "middle"], ["mw-valign-baseline", "baseline"], ["mw-valign-sub", "sub"], ["mw-valign-super", "super"],
  ["mw-valign-top", "top"], ["mw-valign-text-top", "text-top"], ["mw-valign-bottom", "bottom"], ["mw-valign-text-bottom", "text-bottom"],
  ["mw-image-border", "border"],
];

function caption(el: WElement, s: Serializer, serializeFragment: (html: string) => string): string | null {
  const figcaption = el.children.find((c): c is WElement => c.kind === "element" && c.name === "figcaption");
  if (figcaption) {
    const inner = s.nested();
    inner.withContext({ link: "wiki" }, () => inner.serializeChildren(figcaption));
    return inner.result();
  }
  const fromMw = el.mw?.["caption"];
  return typeof fromMw === "string" ? serializeFragment(fromMw) : null;
}

const VALIGN_CLASSES = new Set(["middle", "baseline", "sub", "super", "top", "text-top", "bottom", "text-bottom"]);

/** The file name to write: as originally written while the resource is the one parsed. */
function fileName(media: WElement | null): string {
  const resource = media?.getAttribute("resource") ?? media?.getAttribute("href") ?? "";
  const written = media?.dp?.sa?.["resource"];
  const parsedResource = media?.dp?.a?.["resource"];
  if (typeof written === "string" && (parsedResource === undefined || parsedResource === resource)) return written;
  // The resource as the file's title path says it (underscores too, as Parsoid writes it).
  return safeDecodeURIComponent(resource.replace(/^(?:\.\.?\/)+/, ""));
}

/** A page link option: the link's title when it names that page, else the href's spelling. */
function pageLinkTarget(href: string, title: string | null): string {
  if (title !== null && sameTarget(title, titleFromHref(href))) return title;
  return safeDecodeURIComponent(href.slice(2));
}

/** The text an inline image's caption (data-mw HTML) reads as: what the parser made its alt. */
function captionPlainText(el: WElement): string | null {
  const html = el.mw?.["caption"];
  if (typeof html !== "string") return null;
  // The parser's alt is the caption's text without the whitespace around it.
  return decodeEntities(html.replace(/<[^>]*>/g, "")).trim();
}

/** An option's value as data-mw's attribs record it (`thumbnail=` file, `page=` number). */
function attribText(el: WElement, name: string): string | null {
  const attribs = el.mw?.["attribs"];
  if (!Array.isArray(attribs)) return null;
  for (const entry of attribs as unknown[]) {
    if (!Array.isArray(entry) || entry[0] !== name) continue;
    const value = entry[1] as { txt?: unknown } | undefined;
    if (typeof value?.txt === "string") return value.txt;
  }
  return null;
}

/**
 * Whether the anchor is the file's default link: its description page, or for a missing file
 * the upload form (a red link) that the parser put in its place.
 */
function isDefaultFileLink(anchor: WElement, href: string, resource: string): boolean {
  if (href === resource) return true;
  const classes = (anchor.getAttribute("class") ?? "").split(/\s+/);
  if (classes.includes("mw-file-description")) return true;
  const upload = /^(?:\.\/|.*\/)Special:Upload\?wpDestFile=([^&#]*)$/.exec(href);
  if (!upload) return false;
  // The upload form for this very file (the red link class may have been dropped by an editor).
  return classes.includes("new") || sameTarget(upload[1]!, titleFromHref(resource).replace(/^[^:]*:/, ""));
}

/** `upright=F` from the factor the image's style carries (--mw-file-upright). */
function uprightOption(media: WElement | null): string | null {
  const factor = /--mw-file-upright:\s*([0-9.]+)/.exec(media?.getAttribute("style") ?? "")?.[1];
  return factor ? `upright=${factor}` : null;
}

/**
 * A size written anew is a square box ("100x100px"): a width alone only limits the width, so a
 * tall image would not come back at the height it has. The box side is the larger of the two
 * numbers the attributes start with; null when neither does (a bogus width writes no size).
 */
function boundingBox(width: string, height: string | null): string | null {
  const w = /^\d+/.exec(width);
  const h = height !== null ? /^\d+/.exec(height) : null;
  let side = w ? parseInt(w[0], 10) : null;
  if (h && (side === null || parseInt(h[0], 10) > side)) side = parseInt(h[0], 10);
  return side === null ? null : `${side}x${side}`;
}

/**
 * A "|" in a caption's text would end the caption and start another option: escaped, unless it
 * belongs to a link, a template or a tag inside the caption.
 */
function escapeOptionPipes(text: string): string {
  if (!text.includes("|")) return text;
  let out = "";
  let depth = 0;
  // Pipes of a wikitext table in the caption ("{|" ... "|}" lines) are its syntax.
  let tables = 0;
  for (let i = 0; i < text.length; i++) {
    if (i === 0 || text[i - 1] === "\n") {
      const line = /^[ \t]*(\{\||\|\})?/.exec(text.slice(i, i + 8))![1];
      if (line === "{|") tables++;
      else if (line === "|}" && tables > 0) tables--;
      if (tables > 0 || line === "|}") {
        const end = text.indexOf("\n", i);
        const stop = end < 0 ? text.length : end;
        out += text.slice(i, stop);
        i = stop - 1;
        continue;
      }
    }
    const pair = text.slice(i, i + 2);
    // (Language-converter markup -{...}- keeps its own pipes too.)
    if (pair === "[[" || pair === "{{" || pair === "-{") {
      depth++;
      out += pair;
      i++;
      continue;
    }
    if ((pair === "]]" || pair === "}}" || pair === "}-") && depth > 0) {
      depth--;
      out += pair;
      i++;
      continue;
    }
    if (text.startsWith("<nowiki>", i)) {
      const end = text.indexOf("</nowiki>", i);
      const stop = end < 0 ? text.length : end + 9;
      out += text.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (text[i] === "<") {
      // A tag's attributes may hold pipes.
      const close = text.indexOf(">", i);
      const stop = close < 0 ? text.length : close + 1;
      out += text.slice(i, stop);
      i = stop - 1;
      continue;
    }
    out += text[i] === "|" && depth === 0 ? "<nowiki>|</nowiki>" : text[i];
  }
  return out;
}

function isCellStart(el: WElement): boolean {
  const cell = el.parent;
  return cell !== null && (cell.name === "td" || cell.name === "th") && cell.dp?.stx !== "html" && cell.children[0] === el;
}

function timeOption(s: Serializer, word: string, value: string | null): string | null {
  return value === null ? null : optionWord(s.env.site, word, value);
}

function sizeOption(box: string | null): string | null {
  return box === null ? null : `${box}px`;
}

/** A gallery line's image: the gallery sets its size and writes its caption itself. */
export interface GalleryItem {
  /** Plain text of the line's caption (the image's default alt). */
  captionText: string;
  /** The line's caption as wikitext (written as the caption option), or null for none. */
  caption: string | null;
}

/** Classes the engine derives from options that have their own group (or from none). */
const DERIVED_CLASS = /^mw-(?:halign-|valign-|image-border$|default-size$|default-audio-height$)/;

/** `class=` from the wrapper's classes that no other option explains. */
function classOption(classes: readonly string[]): string | null {
  const extra = classes.filter((c) => c !== "" && !DERIVED_CLASS.test(c));
  return extra.length > 0 ? `class=${extra.join(" ")}` : null;
}

/**
 * The file name and the options (without the pipes) that stand for a media element. In a
 * gallery no size (the gallery's) and no caption (the line's, written by the gallery) belong
 * to the image.
 */
export function mediaParts(el: WElement, s: Serializer, serializeFragment: (html: string) => string, gallery: GalleryItem | null = null): { name: string; options: string[] } {
  const media = find(el, IMG_ONLY) ?? find(el, MEDIA_TAGS);
  const resource = media?.getAttribute("resource") ?? media?.getAttribute("href") ?? "";
  const type = el.getAttribute("typeof") ?? "";
  const format = gallery ? null : formatOption(type);
  const classes = (el.getAttribute("class") ?? "").split(/\s+/);
  const option = (cls: string): string | null => {
    const found = CLASS_OPTIONS.find(([c]) => c === cls);
    return found && classes.includes(cls) ? found[1] : null;
  };
  const halign = ["mw-halign-right", "mw-halign-left", "mw-halign-center", "mw-halign-none"].map(option).find((o) => o !== null) ?? null;
  // A figure shows no vertical alignment, so the one written (without effect) stays as it was.
  const valign = el.name === "figure"
    ? (originalOptions(el)?.map((o) => o.ck.replace("_", "-")).find((ck) => VALIGN_CLASSES.has(ck)) ?? null)
    : (CLASS_OPTIONS.filter(([, o]) => VALIGN_CLASSES.has(o)).map(([c]) => option(c)).find((o) => o !== null) ?? null);
  const border = classes.includes("mw-image-border");
  const width = media?.getAttribute("width") ?? null;
  const originalWidth = media?.dp?.a?.["width"];
  // A manual thumbnail: data-mw's attribs, or its `thumb` property.
  const thumbFile = attribText(el, "manualthumb") ?? (typeof el.mw?.["thumb"] === "string" ? el.mw["thumb"] : null);
  const page = attribText(el, "page");
  const lang = media?.getAttribute("lang") ?? null;
  // Framed images and manual thumbnails always show at their own size: a size option would be ignored.
  const explicitWidth = gallery === null && width !== null && !classes.includes("mw-default-size") && format !== "frame" && thumbFile === null;
  const anchor = find(el, new Set(["a"]));
  const href = anchor?.getAttribute("href");
  let link: string | undefined;
  let linkOption: string | null = null;
  if (anchor && href !== undefined && href !== null && !isDefaultFileLink(anchor, href, resource)) {
    link = href;
    // The link's own parse data may keep the option as written ("link=[[Main Page]]").
    const shadow = anchor.dp?.sa?.["href"];
    linkOption = typeof shadow === "string" && anchor.dp?.a?.["href"] === href && shadow.startsWith("link=")
      ? shadow
      : `link=${href.startsWith("./") ? pageLinkTarget(href, anchor.getAttribute("title")) : href}`;
  } else if (media && (media.name === "video" || media.name === "audio")) {
    // A player has no link: a link= written for it is kept in data-mw.
    const written = attribText(el, "link");
    if (written !== null) {
      link = written === "" || /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(written) ? written : `./${written}`;
      linkOption = `link=${written}`;
    }
  } else if (!anchor && media && media.parent && media.parent !== el && media.parent.name === "span") {
    // No link around the image: written as an empty link option.
    link = "";
    linkOption = "link=";
  }
  const captionText = gallery ? null : caption(el, s, serializeFragment);
  const text = gallery ? gallery.caption : captionText === null ? null : escapeOptionPipes(captionText);
  // Options whose markup data-mw keeps as HTML (alt=[[link]], page={{tpl}}): that markup.
  const fromMarkup = (name: string): string | null => {
    const html = expandedAttr(el, name)?.valueHtml;
    return typeof html === "string" ? serializeFragment(html) : null;
  };
  // Inline images show their caption as alt text: only a different alt needs writing.
  const alt = media?.getAttribute("alt") ?? attribText(el, "alt");
  const altIsCaption = alt !== null && (gallery ? alt === gallery.captionText : alt === text || (el.name !== "figure" && alt === captionPlainText(el)));
  // Markup data-mw keeps for an option holds its key as written ("alt=-{}-x"): it stays so.
  const altMarkup = alt && !altIsCaption ? fromMarkup("alt") : null;
  const pageMarkup = page !== null ? fromMarkup("page") : null;
  const state: MediaState = {
    format,
    halign,
    valign,
    border,
    width: { current: width, original: typeof originalWidth === "string" ? originalWidth : null, explicit: explicitWidth },
    link,
    linkKept: attribText(el, "link"),
    linkUnrecorded: anchor !== null && anchor.dp?.a?.["href"] === undefined,
    alt,
    caption: text,
    captionData: gallery === null && typeof el.mw?.["caption"] === "string" ? el.mw["caption"] : null,
    altText: attribText(el, "alt"),
    captionUnchanged: gallery === null && typeof el.dp?.["captionHtml"] === "string" && el.dp["captionHtml"] === el.mw?.["caption"],
    classes: classes.filter((c) => c !== "" && !DERIVED_CLASS.test(c)),
    page: page === null ? null : { text: page, markup: typeof expandedAttr(el, "page")?.valueHtml === "string" },
    missingFile: media !== null && media !== undefined && (media.getAttribute("class") ?? "").split(/\s+/).includes("mw-broken-media"),
    fresh: {
      format: thumbFile !== null && format === "thumb" ? `thumbnail=${thumbFile}` : format,
      halign,
      valign,
      border: border ? "border" : null,
      width: explicitWidth ? sizeOption(boundingBox(width, media?.getAttribute("height") ?? null)) : null,
      upright: uprightOption(media),
      page: page !== null ? (pageMarkup ?? `page=${page}`) : null,
      lang: lang !== null ? `lang=${lang}` : null,
      // A player's start and end points: data-mw keeps them as written.
      starttime: timeOption(s, "timedmedia_starttime", attribText(el, "starttime")),
      endtime: timeOption(s, "timedmedia_endtime", attribText(el, "endtime")),
      link: linkOption ?? (link === undefined && attribText(el, "link") !== null ? `link=${attribText(el, "link")}` : null),
      alt: alt && !altIsCaption ? (altMarkup ?? `alt=${alt}`) : null,
      class: classOption(classes),
      caption: text !== null && text !== "" ? text : null,
    },
  };
  // Options written anew take the wiki's own words (the caption is no option word; markup is
  // written with its own).
  for (const group of Object.keys(state.fresh) as Array<keyof MediaState["fresh"]>) {
    const text = state.fresh[group];
    if (group === "caption" || (group === "alt" && altMarkup !== null) || (group === "page" && pageMarkup !== null)) continue;
    if (typeof text === "string") state.fresh[group] = localizeOption(s.env.site, text);
  }
  let original = originalOptions(el);
  if (gallery && original) {
    // A gallery line's size is the gallery's. Its caption is the line's last part when it was
    // parsed: an edited caption stays there, and options new to the line go after it, as
    // Parsoid writes them.
    original = original.filter((o) => o.ck !== "width" && o.ck !== "caption");
    if (typeof el.dp?.["captionHtml"] === "string") original.push({ ck: "caption", ak: "" });
  }
  return { name: fileName(media), options: mediaOptionTexts(state, original) };
}

export function mediaHandler(serializeFragment: (html: string) => string): NodeHandler {
  return {
    // A figure starts its own line, except as the first thing in a table cell: the cell's
    // line is where its content starts.
    before: (el, prev) => (el.name === "figure" && !(prev === null && isCellStart(el)) ? OWN_LINE : ANY),
    after: (el) => (el.name === "figure" ? OWN_LINE : ANY),
    serialize(el, s) {
      const { name, options } = mediaParts(el, s, serializeFragment);
      s.emit(`[[${name}${options.map((o) => `|${o}`).join("")}]]`);
    },
  };
}
