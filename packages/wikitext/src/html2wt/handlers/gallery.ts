// <gallery> bodies written back from the gallery's HTML: one line per gallery box, the image
// as its media link would be written (without the brackets, the gallery's size and caption),
// then the box's caption on the same line. The gallery's own caption becomes its attribute.
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import { mediaParts } from "./media.js";
import { textOf } from "../text-content.js";
import { galleryLineReuse, isGalleryBox } from "../selser/gallery-lines.js";

type FragmentSerializer = (html: string) => string;

function hasClass(el: WElement, name: string): boolean {
  const cls = el.getAttribute("class");
  return cls !== null && cls.split(/\s+/).includes(name);
}

/** The first descendant element with the class (boxes are shallow). */
function findByClass(el: WElement, name: string): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (hasClass(c, name)) return c;
    const inner = findByClass(c, name);
    if (inner) return inner;
  }
  return null;
}

function firstElement(el: WElement): WElement | null {
  for (const c of el.children) if (c.kind === "element") return c;
  return null;
}

/** A box's caption as wikitext on one line (gallery lines end at a newline), null when blank. */
function boxCaption(box: WElement, s: Serializer): string | null {
  const text = findByClass(box, "gallerytext");
  if (!text) return null;
  const nested = s.nested();
  // The file name shown by showfilenames is the gallery's, not the caption's.
  const shownName = text.children.find((c) => c.kind === "element" && hasClass(c, "galleryfilename"));
  nested.withContext({ link: "wiki" }, () => {
    if (!shownName) return nested.serializeChildren(text);
    for (const c of text.children) if (c !== shownName) nested.serializeNode(c, null, null);
  });
  const wikitext = nested.result();
  if (/^\s*$/.test(wikitext)) return null;
  // Paragraphs in the caption's block (an editor's) start and end lines of their own, as
  // Parsoid lays them out: each of those line breaks is a space on the gallery's line.
  const edges = (isParagraph(firstContentChild(text, 1)) ? "\n" : "") + wikitext + (isParagraph(firstContentChild(text, -1)) ? "\n" : "");
  return edges.replace(/\n/g, " ");
}

/** The first (direction 1) or last (-1) child that is not whitespace. */
function firstContentChild(el: WElement, direction: 1 | -1): WElement["children"][number] | null {
  const kids = el.children;
  for (let i = direction === 1 ? 0 : kids.length - 1; i >= 0 && i < kids.length; i += direction) {
    const c = kids[i]!;
    if (c.kind === "text" && c.value.trim() === "") continue;
    return c;
  }
  return null;
}

function isParagraph(node: WElement["children"][number] | null): boolean {
  return node !== null && node.kind === "element" && node.name === "p";
}

function boxLine(box: WElement, s: Serializer, serializeFragment: FragmentSerializer): string | null {
  const thumb = findByClass(box, "thumb");
  if (!thumb) return null;
  const media = firstElement(thumb);
  const captionEl = findByClass(box, "gallerytext");
  const captionText = captionEl ? textOf(captionEl).trim() : "";
  const caption = boxCaption(box, s);
  if (media && /\bmw:(?:File|Image|Audio|Video)\b/.test(media.getAttribute("typeof") ?? "")) {
    // The caption is one of the image's options (its place among them is the media writer's).
    const { name, options } = mediaParts(media, s, serializeFragment, { captionText, caption });
    return [name, ...options].join("|");
  }
  // Older output showed a file it could not find as plain text.
  const line = textOf(thumb);
  return caption === null ? line : `${line}|${caption}`;
}

/** The body between `<gallery>` and `</gallery>`: a line per box, each ending its line. */
export function galleryBody(el: WElement, s: Serializer, serializeFragment: FragmentSerializer): string {
  // Selser: unchanged boxes keep their original lines.
  const reused = galleryLineReuse(el, s);
  if (reused?.wholeBody != null) return reused.wholeBody;
  let out = "\n";
  for (const c of el.children) {
    if (!isGalleryBox(c)) continue;
    const line = reused?.lineFor(c) ?? boxLine(c, s, serializeFragment);
    if (line !== null) out += `${line}\n`;
  }
  return out;
}

/** The `caption` attribute from the gallery's caption item (wikitext, on one line). */
export function galleryCaption(el: WElement, s: Serializer): string | null {
  const item = el.children.find((c): c is WElement => c.kind === "element" && c.name === "li" && hasClass(c, "gallerycaption"));
  if (!item) return null;
  const nested = s.nested();
  nested.withContext({ link: "wiki" }, () => nested.serializeChildren(item));
  return nested.result();
}
