// The links a line can hold without holding content (Parsoid's sol-transparent links): category
// and language links and a redirect's target. Paragraph wrapping passes over them, and the last
// item of a list hands them back to after the list.
const SOL_TRANSPARENT_LINK_RELS: ReadonlySet<string> = new Set(["mw:PageProp/Category", "mw:PageProp/Language", "mw:PageProp/redirect"]);

/** Whether a `<link>` with this `rel` is sol-transparent. */
export function isSolTransparentLinkRel(rel: string): boolean {
  return SOL_TRANSPARENT_LINK_RELS.has(rel);
}
