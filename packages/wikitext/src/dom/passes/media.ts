// Media: fills in every <img> the grammar left for a file — src, natural and displayed sizes,
// srcset, file type — from the environment's file info, asked once for all natural sizes and
// once per distinct requested box. A missing file becomes Parsoid's broken-media structure.
import { WElement, WText, walkElements } from "../node.js";
import type { DataAccess, FileInfo, FileRequest } from "../../env/data-access.js";
import type { SiteConfig } from "../../env/site-config.js";
import type { MediaRequest } from "../../tokenizer/grammar/media.js";
import { renderPlayer } from "./media-player.js";
import { wfUrlencode } from "../../preprocessor/functions/php-text.js";

function fileType(info: FileInfo): string {
  const type = (info.mediatype ?? "").toUpperCase();
  if (type === "DRAWING") return "drawing";
  if (type === "VIDEO") return "video";
  if (type === "AUDIO") return "audio";
  if (type === "OFFICE") return "office";
  if (info.mime === "image/svg+xml") return "drawing";
  return "bitmap";
}

/**
 * The width to ask for: bitmaps are never enlarged past their natural size; vector drawings and
 * paged documents are always rendered, and videos always get a poster frame (at their natural width when no size was asked for).
 */
function boxWidth(r: MediaRequest, info: FileInfo): number | undefined {
  let width = r.width;
  const type = fileType(info);
  if (type === "bitmap" && width !== undefined && width > info.width) width = info.width;
  if ((type === "drawing" || type === "office" || type === "video") && width === undefined && r.height === undefined) width = info.width;
  return width;
}

/** One rendition: a file at a size, page and language. */
function key(name: string, width?: number, height?: number, page?: number, lang?: string): string {
  return `${name}\u0000${width ?? ""}\u0000${height ?? ""}\u0000${page ?? ""}\u0000${lang ?? ""}`;
}

/** The wiki's limit on distinct files rendered per page (siteinfo `parsoidmaximumimages`), if any. */
export function imageLimit(site: SiteConfig): number | undefined {
  const limit = Number(site.info.general["parsoidmaximumimages"]);
  return Number.isInteger(limit) && limit >= 0 ? limit : undefined;
}

const LIMIT_EXCEEDED: MediaError = { key: "apierror-imagelimitexceeded", message: "Image is not rendered due to image limit was exceeded" };

/** The images to render and the media links of a tree, in document order. */
export interface MediaTargets {
  images: Array<[WElement, MediaRequest]>;
  mediaLinks: WElement[];
}

/** Adds `el` to `found` when the media pass renders it (for a walk shared with another pass). */
export function collectMedia(el: WElement, found: MediaTargets): void {
  const aux = el.aux;
  if (aux === null) return;
  const request = el.name === "img" ? aux.media : undefined;
  if (request) found.images.push([el, request]);
  if (aux.mediaLink !== undefined) found.mediaLinks.push(el);
}

/**
 * `found`: the targets, when an earlier walk over the same tree collected them (no element was
 * added or removed since); otherwise the tree is walked here.
 */
/**
 * The page's language for a drawing asked for without `lang` (an SVG may hold its text in
 * several languages: the file's side picks the page's if it has it), else undefined.
 */
function targetLanguage(r: MediaRequest, info: FileInfo, targetLang: string | undefined): string | undefined {
  return r.lang === undefined && targetLang !== undefined && fileType(info) === "drawing" ? targetLang : undefined;
}

export async function renderMedia(root: WElement, data: DataAccess, maxImages?: number, found?: MediaTargets, targetLang?: string): Promise<void> {
  let targets = found;
  if (!targets) {
    const collected: MediaTargets = { images: [], mediaLinks: [] };
    walkElements(root, (el) => collectMedia(el, collected));
    targets = collected;
  }
  const { images, mediaLinks } = targets;
  if (images.length === 0 && mediaLinks.length === 0) return;
  // Natural sizes first: they decide whether a requested box needs a rendition.
  const names = [...new Set([
    ...images.map(([, r]) => r.name),
    ...images.flatMap(([, r]) => (r.manualThumb ? [r.manualThumb] : [])),
    ...mediaLinks.map((el) => el.aux!.mediaLink!),
  ])];
  const natural = await data.getFileInfo(names.map((name) => ({ name })));
  // Then one query per distinct box (the answer is keyed by file name).
  const boxes = new Map<string, FileRequest[]>();
  for (const [, r] of images) {
    // A manual thumbnail is never scaled.
    if (r.manualThumb !== undefined) continue;
    const info = natural.get(r.name);
    if (!info) continue;
    const width = boxWidth(r, info);
    const pageLang = targetLanguage(r, info, targetLang);
    const variant = r.page !== undefined || r.lang !== undefined || pageLang !== undefined;
    if (width === undefined && r.height === undefined && !variant) continue;
    if (width === info.width && r.height === undefined && fileType(info) === "bitmap" && !variant) continue;
    // The answer is keyed by file name: one query per box, page and language.
    const box = key("", width, r.height, r.page, r.lang ?? pageLang);
    const list = boxes.get(box) ?? [];
    const req: FileRequest = { name: r.name };
    if (width !== undefined) req.width = width;
    if (r.height !== undefined) req.height = r.height;
    if (r.page !== undefined) req.page = r.page;
    if (r.lang !== undefined) req.lang = r.lang;
    if (pageLang !== undefined) req.targetLang = pageLang;
    // A player's poster is the frame where it starts.
    if (r.start !== undefined) req.seek = r.start;
    list.push(req);
    boxes.set(box, list);
  }
  const scaled = new Map<string, FileInfo>();
  for (const requests of boxes.values()) {
    const answer = await data.getFileInfo(requests);
    for (const req of requests) {
      const info = answer.get(req.name);
      if (info) scaled.set(key(req.name, req.width, req.height, req.page, req.lang ?? req.targetLang), info);
    }
  }
  for (const link of mediaLinks) {
    const name = link.aux!.mediaLink!;
    const info = natural.get(name);
    if (info) {
      link.setAttribute("href", info.url);
      continue;
    }
    // A missing file links to its upload page.
    link.setAttribute("href", uploadHref(name));
    link.setAttribute("typeof", "mw:Error");
    link.mw = { errors: [{ key: "apierror-filedoesnotexist", message: "This image does not exist." }] };
  }
  // Beyond the limit, a file not shown yet is not rendered (one already shown still is).
  const shown = new Set<string>();
  for (const [img, r] of images) {
    if (maxImages !== undefined && !shown.has(r.name)) {
      if (shown.size >= maxImages) {
        brokenMedia(img, r, LIMIT_EXCEEDED, !natural.has(r.name));
        continue;
      }
      shown.add(r.name);
    }
    if (r.manualThumb === "") {
      brokenMedia(img, r, { key: "apierror-invalidtitle", message: "Invalid thumbnail title.", params: { name: "" } });
      continue;
    }
    // With `thumb=Other.png` the other file is what is shown (at its natural size).
    const info = natural.get(r.manualThumb ?? r.name);
    if (!info) {
      brokenMedia(img, r, { key: "apierror-filedoesnotexist", message: "This image does not exist." });
      continue;
    }
    if (info.badFile) {
      brokenMedia(img, r, { key: "apierror-badfile", message: "This image is on the bad file list." });
      continue;
    }
    const width = boxWidth(r, info);
    const sized = scaled.get(key(r.name, width, r.height, r.page, r.lang ?? targetLanguage(r, info, targetLang)));
    const type = fileType(info);
    if ((type === "video" || type === "audio") && r.manualThumb === undefined) {
      renderPlayer(img, r, type, info, sized);
      continue;
    }
    const src = sized?.thumburl ?? info.url;
    const w = sized?.thumbwidth ?? info.width;
    const h = sized?.thumbheight ?? info.height;
    img.setAttribute("src", src);
    img.setAttribute("decoding", "async");
    img.setAttribute("data-file-width", String(info.width));
    img.setAttribute("data-file-height", String(info.height));
    img.setAttribute("data-file-type", fileType(info));
    img.setAttribute("height", String(h));
    img.setAttribute("width", String(w));
    // The values as rendered: html2wt keeps the size option as written while they are unchanged.
    img.dp = { ...img.dp, a: { resource: img.getAttribute("resource"), height: String(h), width: String(w) } };
    const srcset = sized?.responsiveUrls ? Object.entries(sized.responsiveUrls).map(([density, url]) => `${url} ${density}`).join(", ") : "";
    if (srcset) img.setAttribute("srcset", srcset);
    if (r.upright !== undefined) {
      // Skins size upright images from the factor (the width here is only the default's scaling).
      img.setAttribute("class", "mw-file-element mw-file-upright");
      img.setAttribute("style", `--mw-file-upright: ${r.upright}`);
    } else img.setAttribute("class", "mw-file-element");
  }
}

/**
 * Where a missing file's links lead: the upload form, with the file's name filled in as
 * MediaWiki's wfUrlencode writes it (`'` escaped; `:`, `*`, `(`... kept).
 */
export function uploadHref(name: string): string {
  return `./Special:Upload?wpDestFile=${wfUrlencode(name.replace(/ /g, "_"))}`;
}

/** A file the wiki does not have: a span naming it, and an error on the media element. */
interface MediaError {
  key: string;
  message: string;
  params?: Record<string, string>;
}

function brokenMedia(img: WElement, r: MediaRequest, error: MediaError, missing = error.key === "apierror-filedoesnotexist"): void {
  const span = new WElement("span", [
    { name: "class", value: "mw-file-element mw-broken-media" },
    { name: "resource", value: img.getAttribute("resource") ?? "" },
  ]);
  // The size asked for (an explicit box, or a thumbnail's default width) stays known; a manual
  // thumbnail is shown as it is, at no size of the request's.
  if (r.manualThumb === undefined) {
    if (r.width !== undefined) span.setAttribute("data-width", String(r.width));
    if (r.height !== undefined) span.setAttribute("data-height", String(r.height));
  }
  span.dp = img.dp;
  const parent = img.parent;
  if (!parent) return;
  const wrapperOf = parent.parent;
  // An inline image's caption (its alt text) stands in for the picture; a figure shows its
  // caption already, so there the file's name does.
  const inlineCaption = wrapperOf?.name === "span" && typeof wrapperOf.mw?.["caption"] === "string" ? img.getAttribute("alt") : null;
  span.appendChild(new WText(inlineCaption ?? `File:${r.name}`));
  const fileLink = parent.name === "a" && (parent.getAttribute("class") ?? "").split(" ").includes("mw-file-description");
  if (fileLink && missing) {
    // The default link of a missing file invites uploading it, as a red link does.
    parent.setAttribute("href", uploadHref(r.name));
    parent.setAttribute("class", "new");
    parent.setAttribute("title", `File:${r.name}`);
  }
  parent.insertBefore(span, img);
  parent.children.splice(parent.children.indexOf(img), 1);
  img.parent = null;
  const wrapper = parent.parent;
  if (wrapper && (wrapper.name === "figure" || wrapper.name === "span")) {
    const typeOf = wrapper.getAttribute("typeof") ?? "mw:File";
    wrapper.setAttribute("typeof", `mw:Error ${typeOf}`);
    const written = wrapper.mw ? null : wrapper.getAttribute("data-mw");
    if (written !== null && written.endsWith("}") && written.length > 2) {
      // A template's encapsulation wrote its data-mw as text (its parameters in written order):
      // the error joins it there, so that the element has one data-mw.
      wrapper.setAttribute("data-mw", `${written.slice(0, -1)},"errors":${JSON.stringify([error])}}`);
    } else wrapper.mw = { ...(wrapper.mw ?? {}), errors: [error] };
  }
}
