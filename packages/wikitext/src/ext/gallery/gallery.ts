// `<gallery>`: one box per line, each holding the file rendered to fit the gallery's image box
// (by the media code, from a `[[File:...]]` built for the line) and the caption parsed as
// wikitext. The image's tooltip and default alt text are the caption's plain text, so the
// media link is built once the caption is parsed. Sizes of boxes whose file is missing are only
// known after the media pass, so each thumb box is finished then.
import { startTag, endTag, text, attr, type Token, type StartTagTk } from "../../tokenizer/tokens.js";
import type { Attr, WElement } from "../../dom/node.js";
import { WText } from "../../dom/node.js";
import { sanitizeAttributes } from "../../transforms/sanitizer.js";
import type { ExtensionCall, ExtensionContext, ExtensionHandler, FragmentRequest } from "../types.js";
import { wrapperStart } from "../output.js";
import { plainText } from "../text.js";
import { orderedRecord } from "../../util/ordered-record.js";
import { parseGalleryLines, type GalleryLine } from "./lines.js";
import { galleryLayout, listStyle, boxStyle, thumbStyle, mediaSize, isPacked, packedWidths, cssPixels, PACKED_SCALE, type GalleryLayout } from "./layout.js";
import { uploadHref } from "../../dom/passes/media.js";

/** Attributes that configure the gallery rather than its list element. */
const GALLERY_SETTINGS = new Set(["mode", "widths", "heights", "perrow", "caption", "showfilenames", "showthumbnails", "showdimensions"]);

export const gallery: ExtensionHandler = {
  names: ["gallery"],
  render(call, ctx) {
    const attrs = new Map(call.attrs.map((a) => [a.name, a.value] as const));
    const layout = galleryLayout(attrs);
    const out: Token[] = [listStart(call, layout, attrs), nl()];
    const caption = attrs.get("caption");
    if (caption) out.push(...element("li", [attr("class", "gallerycaption")], ctx.fragment(caption, "inline")), nl());
    for (const line of parseGalleryLines(call.body ?? "", ctx.env.site)) out.push(...galleryBox(call, line, layout, ctx), nl());
    out.push(endTag("ul", { tsr: [call.end, call.end] }));
    return out;
  },
};

function listStart(call: ExtensionCall, layout: GalleryLayout, attrs: ReadonlyMap<string, string>): StartTagTk {
  const user = sanitizeAttributes("ul", call.attrs.filter((a) => !GALLERY_SETTINGS.has(a.name))).attrs;
  const cls = ["gallery", `mw-gallery-${layout.mode}`, user.find((a) => a.name === "class")?.value ?? ""].filter(Boolean).join(" ");
  const style = [listStyle(layout, attrs.get("perrow")), user.find((a) => a.name === "style")?.value ?? ""].filter(Boolean).join(" ");
  const listAttrs: Attr[] = [attr("class", cls)];
  if (style) listAttrs.push(attr("style", style));
  for (const a of user) if (a.name !== "class" && a.name !== "style") listAttrs.push(a);
  // The caption is shown in the list, not kept in data-mw.
  const mw: Record<string, unknown> = { name: call.name, attrs: orderedRecord(call.attrs.filter((a) => a.name !== "caption")) };
  if (call.body !== null) mw["body"] = {};
  return wrapperStart(call, "ul", { attrs: listAttrs, mw });
}

function galleryBox(call: ExtensionCall, line: GalleryLine, layout: GalleryLayout, ctx: ExtensionContext): Token[] {
  const caption = line.caption ? ctx.fragment(line.caption, "inline", call.bodyStart + line.captionOffset) : null;
  let captionText = "";
  const media = ctx.fragment(() => {
    captionText = caption?.nodes ? plainText(caption.nodes).trim() : "";
    return mediaWikitext(line, layout, captionText);
  }, "inline");
  const thumb = startTag("div", [attr("class", "thumb")]);
  thumb.aux = { fragment: media };
  ctx.finishAfterMedia(thumb, (div) => finishThumb(div, line, layout, captionText));
  // Overlay modes put the caption in a wrapper as wide as the image.
  const overlay = layout.mode === "packed-overlay" || layout.mode === "packed-hover";
  const text = element("div", [attr("class", "gallerytext")], caption);
  return [
    startTag("li", [attr("class", "gallerybox"), attr("style", boxStyle(layout))]),
    thumb,
    endTag("div"),
    ...(overlay ? [startTag("div", [attr("class", "gallerytextwrapper")]), ...text, endTag("div")] : text),
    endTag("li"),
  ];
}

/** The line as a media link sized to the gallery box; the caption only gives tooltip and alt. */
function mediaWikitext(line: GalleryLine, layout: GalleryLayout, captionText: string): string {
  const parts = [line.title.prefixedText, ...line.options, mediaSize(layout)];
  if (captionText) parts.push(literalCaption(captionText));
  return `[[${parts.join("|")}]]`;
}

/**
 * Caption text as a media link caption that reads back as exactly that text: characters with
 * a meaning in the link are written as references, and so is the first one, so that a caption
 * spelled like an option ("thumb") stays a caption.
 */
function literalCaption(value: string): string {
  const escaped = value.replace(/\s+/g, " ").replace(/[&<>[\]{}|'=]/g, (c) => `&#${c.charCodeAt(0)};`);
  return escaped.startsWith("&") ? escaped : `&#${escaped.codePointAt(0)!};${escaped.slice(String.fromCodePoint(escaped.codePointAt(0)!).length)}`;
}

function finishThumb(div: WElement, line: GalleryLine, layout: GalleryLayout, captionText: string): void {
  const media = div.children.find((c): c is WElement => c.kind === "element");
  const broken = media !== undefined && /(?:^|\s)mw:Error(?:\s|$)/.test(media.getAttribute("typeof") ?? "");
  div.setAttribute("style", thumbStyle(layout, media !== undefined && !broken));
  if (!media) return;
  recordWrittenTitle(media, line);
  if (isPacked(layout) && !broken) packImage(div, media);
  // The caption is the gallery's, not the image's.
  if (media.mw && "caption" in media.mw) {
    const { caption: _caption, ...rest } = media.mw;
    media.mw = Object.keys(rest).length > 0 ? rest : null;
  }
  if (!broken) return;
  const link = media.children.find((c): c is WElement => c.kind === "element");
  if (link?.name === "a" && isMissingFile(media)) {
    // A missing file links to its upload page.
    link.setAttribute("href", uploadHref(line.title.dbKey));
    link.setAttribute("class", "new");
    link.setAttribute("title", line.title.prefixedText);
  } else if (link?.name === "a" && link.getAttribute("title") === captionText) {
    link.attrs = link.attrs.filter((a) => a.name !== "title");
  }
  const placeholder = link?.children.find((c): c is WElement => c.kind === "element" && (c.getAttribute("class") ?? "").includes("mw-broken-media"));
  if (!placeholder) return;
  placeholder.setAttribute("data-width", String(layout.width));
  placeholder.setAttribute("data-height", String(layout.height));
  if (captionText) {
    placeholder.children = [];
    placeholder.appendChild(new WText(captionText));
  }
}

/**
 * The media element's source spelling of its file is the line's (the link built for the line
 * spelled it in full), and its options are the line's: the gallery's size and the caption were
 * only added to render it.
 */
function recordWrittenTitle(media: WElement, line: GalleryLine): void {
  const optList = media.dp?.["optList"];
  if (Array.isArray(optList)) media.dp!["optList"] = optList.filter((o: { ck?: string }) => o.ck !== "width" && o.ck !== "caption");
  const file = findResource(media);
  const sa = file?.dp?.sa;
  if (sa && typeof sa["resource"] === "string") sa["resource"] = line.target;
}

function findResource(el: WElement): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (c.hasAttribute("resource")) return c;
    const inner = findResource(c);
    if (inner) return inner;
  }
  return null;
}

/**
 * Packed: the media fetched larger (an image, or a player) is shown at the row height; the boxes
 * fit it. A player's inline width (`style="width: Npx;"`) follows its width attribute.
 */
function packImage(div: WElement, media: WElement): void {
  const img = findMediaElement(media);
  if (!img) return;
  const width = Number(img.getAttribute("width"));
  const height = Number(img.getAttribute("height"));
  if (!(width > 0) || !(height > 0)) return;
  const shown = Math.ceil(width / PACKED_SCALE);
  img.setAttribute("width", String(shown));
  img.setAttribute("height", String(Math.ceil(height / PACKED_SCALE)));
  if (img.getAttribute("style") === `width: ${width}px;`) img.setAttribute("style", `width: ${shown}px;`);
  const { thumb, box } = packedWidths(width);
  div.setAttribute("style", `width: ${cssPixels(thumb)};`);
  const li = div.parent;
  if (li?.name === "li") {
    li.setAttribute("style", `width: ${cssPixels(box)};`);
    const wrapper = li.children.find((c): c is WElement => c.kind === "element" && c.getAttribute("class") === "gallerytextwrapper");
    wrapper?.setAttribute("style", `width: ${shown - 20}px;`);
  }
}

/** The rendered media element (`<img>`, or a player's `<video>`/`<audio>`). */
function findMediaElement(el: WElement): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (c.name === "img" || c.name === "video" || c.name === "audio") return c;
    const inner = findMediaElement(c);
    if (inner) return inner;
  }
  return null;
}

function isMissingFile(media: WElement): boolean {
  const errors = media.mw?.["errors"];
  return Array.isArray(errors) && errors.some((e: { key?: string }) => e.key === "apierror-filedoesnotexist");
}

function element(name: string, attrs: Attr[], fragment: FragmentRequest | null): Token[] {
  const start = startTag(name, attrs);
  if (fragment) start.aux = { fragment };
  return [start, endTag(name)];
}

function nl(): Token {
  return text("\n", -1, -1);
}
