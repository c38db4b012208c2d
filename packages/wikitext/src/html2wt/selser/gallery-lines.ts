// Selective serialization inside a <gallery>: its boxes have no source ranges of their own, but
// each box comes from one line of the extension's source, in order. A box the edit left alone
// gives back its original line, and when no box changed (only the caption did) the original body
// comes back whole, blank lines and all.
import type { WElement, WNode } from "../../dom/node.js";
import { parseGalleryLines } from "../../ext/gallery/lines.js";
import type { Serializer } from "../serializer.js";

export interface GalleryLineReuse {
  /** The original body (between the tags) when every box is unchanged and in place. */
  wholeBody: string | null;
  /** The original line of an unchanged box (without its newline), else null. */
  lineFor(box: WElement): string | null;
}

/** A gallery image's box (`<li class="gallerybox">`). */
export function isGalleryBox(node: WNode): node is WElement {
  return node.kind === "element" && node.name === "li" && (node.getAttribute("class") ?? "").split(/\s+/).includes("gallerybox");
}

/** The reuse plan for an edited gallery, or null outside selser or when lines and boxes do not align. */
export function galleryLineReuse(gallery: WElement, s: Serializer): GalleryLineReuse | null {
  const reuse = s.reuse;
  const original = reuse?.originalOf(gallery);
  if (!reuse || !original || original.kind !== "element") return null;
  const src = original.dp?.src;
  if (typeof src !== "string") return null;
  const open = /^<[^>]*>/.exec(src)?.[0];
  const close = /<\/[^>]*>$/.exec(src)?.[0];
  if (!open || !close || open.endsWith("/>") || open.length + close.length > src.length) return null;
  const body = src.slice(open.length, src.length - close.length);
  // The lines that made a box (a line whose target is no file title made none).
  const boxLines = body.split("\n").filter((line) => parseGalleryLines(line, s.env.site).length === 1);
  const originalBoxes = original.children.filter(isGalleryBox);
  if (boxLines.length !== originalBoxes.length) return null;
  const lineOf = new Map<WNode, string>();
  originalBoxes.forEach((box, i) => lineOf.set(box, boxLines[i]!));
  const editedBoxes = gallery.children.filter(isGalleryBox);
  const inPlace = editedBoxes.length === originalBoxes.length && editedBoxes.every((box, i) => reuse.unchangedOriginal(box) === originalBoxes[i]);
  return {
    wholeBody: inPlace ? body : null,
    lineFor: (box) => {
      const unchanged = reuse.unchangedOriginal(box);
      return unchanged ? (lineOf.get(unchanged) ?? null) : null;
    },
  };
}
