// Annotation range markers (meta typeof mw:Annotation/NAME[/End]): their tags as written, or
// rebuilt from the name and data-mw attrs.
import type { NodeHandler } from "./types.js";

export const annotationHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    const m = /mw:Annotation\/([^\s/]+)(\/End)?/.exec(el.getAttribute("typeof") ?? "");
    if (!m) return;
    if (m[2]) return s.emit(`</${m[1]}>`);
    const attrs = (el.mw?.["attrs"] ?? {}) as Record<string, string>;
    const written = Object.entries(attrs).map(([name, value]) => (value === "" ? ` ${name}` : ` ${name}="${value.replace(/"/g, "&quot;")}"`)).join("");
    s.emit(`<${m[1]}${written}>`);
  },
};

/**
 * An annotation range extended over markup it did not enclose (mw:ExtendedAnnRange) cannot be
 * edited piecewise: its source as written, else its content.
 */
export const extendedAnnotationRangeHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    s.serializeChildren(el);
  },
};
