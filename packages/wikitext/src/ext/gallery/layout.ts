// Gallery box sizes per mode (MediaWiki's gallery layouts as Parsoid writes them): the image box
// (`widths` x `heights`, 120 by default), the padding around it, and the styles of the list,
// each box and each thumb. Packed modes are not laid out here (they fall back to traditional).

export type GalleryMode = "traditional" | "nolines";

export interface GalleryLayout {
  mode: GalleryMode;
  width: number;
  height: number;
}

const DEFAULT_SIZE = 120;
/** Padding around the image inside its thumb box, and the box's own padding and border. */
const THUMB_PADDING: Record<GalleryMode, number> = { traditional: 30, nolines: 0 };
const BOX_PADDING = 5;
const BOX_BORDER = 8;

/** `120`, `120px`: a size; anything else (`70em`) keeps the default. */
function size(value: string | undefined): number {
  const m = value === undefined ? null : /^\s*(\d+)\s*(?:px)?\s*$/i.exec(value);
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? n : DEFAULT_SIZE;
}

export function galleryLayout(attrs: ReadonlyMap<string, string>): GalleryLayout {
  const mode = (attrs.get("mode") ?? "").trim().toLowerCase() === "nolines" ? "nolines" : "traditional";
  return { mode, width: size(attrs.get("widths")), height: size(attrs.get("heights")) };
}

/** The list's max-width when `perrow` fixes the number of boxes per row. */
export function listStyle(layout: GalleryLayout, perRow: string | undefined): string {
  const n = perRow === undefined ? 0 : Number.parseInt(perRow, 10);
  if (!(n > 0)) return "";
  return `max-width: ${n * (layout.width + THUMB_PADDING[layout.mode] + BOX_PADDING + BOX_BORDER)}px;`;
}

export function boxStyle(layout: GalleryLayout): string {
  return `width: ${layout.width + THUMB_PADDING[layout.mode] + BOX_PADDING}px;`;
}

/** A missing file has no image width to reserve. */
export function thumbStyle(layout: GalleryLayout, fileExists: boolean): string {
  const width = fileExists ? `width: ${layout.width + THUMB_PADDING[layout.mode]}px;` : "";
  if (layout.mode === "nolines") return width;
  const height = `height: ${layout.height + THUMB_PADDING[layout.mode]}px;`;
  return width ? `${width} ${height}` : height;
}
