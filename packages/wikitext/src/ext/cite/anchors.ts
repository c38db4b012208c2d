// Cite's anchor ids and the page-relative links between a ref and its note: notes are
// `cite_note-N` (`cite_note-NAME-N` when named), markers `cite_ref-N` (`cite_ref-NAME_N-K`
// for the K-th use of a named ref). N counts notes over the whole page, all groups together.

/** A ref name as an id fragment (MediaWiki's escapeIdForAttribute with HTML5 ids). */
function idPart(name: string): string {
  return name.replace(/[\t\n\f\r ]+/g, "_");
}

export function noteId(key: number, name: string | null): string {
  return name === null ? `cite_note-${key}` : `cite_note-${idPart(name)}-${key}`;
}

export function refId(key: number, name: string | null, use: number): string {
  return name === null ? `cite_ref-${key}` : `cite_ref-${idPart(name)}_${key}-${use}`;
}

export function noteTextId(key: number, name: string | null): string {
  return `mw-reference-text-${noteId(key, name)}`;
}
