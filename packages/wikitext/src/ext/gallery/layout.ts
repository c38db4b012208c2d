// Gallery box sizes per mode (MediaWiki's gallery layouts as Parsoid writes them): the image box
// (`widths` x `heights`, 120 by default), the padding around it, and the styles of the list,
// each box and each thumb. Packed modes ask for images 1.5 times the row height and show them
// scaled back, so their boxes are sized from the rendered image.

export type GalleryMode = "traditional" | "nolines" | "packed" | "packed-overlay" | "packed-hover";

export interface GalleryLayout {
  mode: GalleryMode;
  width: number;
  height: number;
}

const MODES = new Set<GalleryMode>(["traditional", "nolines", "packed", "packed-overlay", "packed-hover"]);
const DEFAULT_SIZE = 120;
/** Padding around the image inside its thumb box, and the box's own padding and border. */
const THUMB_PADDING: Record<GalleryMode, number> = { traditional: 30, nolines: 0, packed: 0, "packed-overlay": 0, "packed-hover": 0 };
const BOX_BORDER = 8;
/** Packed galleries fetch images this much larger than shown. */
export const PACKED_SCALE = 1.5;
/** A packed box is at least this wide, so its caption has room. */
const PACKED_MIN_WIDTH = 60;

/** `120`, `120px`: a size; anything else (`70em`) keeps the default. */
function size(value: string | undefined): number {
  const m = value === undefined ? null : /^\s*(\d+)\s*(?:px)?\s*$/i.exec(value);
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? n : DEFAULT_SIZE;
}

export function galleryLayout(attrs: ReadonlyMap<string, string>): GalleryLayout {
  const asked = (attrs.get("mode") ?? "").trim().toLowerCase() as GalleryMode;
  const mode = MODES.has(asked) ? asked : "traditional";
  return { mode, width: size(attrs.get("widths")), height: size(attrs.get("heights")) };
}

export function isPacked(layout: GalleryLayout): boolean {
  return layout.mode.startsWith("packed");
}

/** Padding of a gallery box around its thumb. */
function boxPadding(layout: GalleryLayout): number {
  return isPacked(layout) ? 2 : 5;
}

/** The size option the media link of each line gets. */
export function mediaSize(layout: GalleryLayout): string {
  return isPacked(layout) ? `x${Math.ceil(layout.height * PACKED_SCALE)}px` : `${layout.width}x${layout.height}px`;
}

/** The list's max-width when `perrow` fixes the number of boxes per row. */
export function listStyle(layout: GalleryLayout, perRow: string | undefined): string {
  const n = perRow === undefined ? 0 : Number.parseInt(perRow, 10);
  if (!(n > 0)) return "";
  return `max-width: ${n * (layout.width + THUMB_PADDING[layout.mode] + boxPadding(layout) + BOX_BORDER)}px;`;
}

export function boxStyle(layout: GalleryLayout): string {
  return `width: ${layout.width + THUMB_PADDING[layout.mode] + boxPadding(layout)}px;`;
}

/** A missing file has no image width to reserve. */
export function thumbStyle(layout: GalleryLayout, fileExists: boolean): string {
  const width = fileExists ? `width: ${layout.width + THUMB_PADDING[layout.mode]}px;` : "";
  if (layout.mode !== "traditional") return width;
  const height = `height: ${layout.height + THUMB_PADDING[layout.mode]}px;`;
  return width ? `${width} ${height}` : height;
}

/** Packed: the widths of the thumb and of its box for an image fetched `fetchedWidth` wide. */
export function packedWidths(fetchedWidth: number): { thumb: number; box: number } {
  const thumb = Math.max(PACKED_MIN_WIDTH, fetchedWidth / PACKED_SCALE);
  return { thumb, box: thumb + 2 };
}

/** A CSS pixel length as PHP prints a float (14 significant digits, no trailing zeros). */
export function cssPixels(value: number): string {
  return `${Number.isInteger(value) ? value : Number(value.toPrecision(14))}px`;
}
