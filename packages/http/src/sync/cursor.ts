/**
 * Sync cursors: opaque strings to clients, small records here. Each collection's cursor names a
 * position in its change order plus a fingerprint of what the position is relative to (the set
 * of requested titles, the user, the property table...). A cursor whose fingerprint no longer
 * matches (or that does not parse) restarts its collection from the beginning, with `reset` set
 * so the client replaces its copy instead of merging into it.
 */

/** FNV-1a over the text: a short, stable fingerprint (not a security measure). */
export function fingerprint(parts: readonly (string | number)[]): string {
  let hash = 0x811c9dc5;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** `<kind>.<n1>.<n2>...<fingerprint>`: numbers for the position, the fingerprint last. */
export function encodeCursor(kind: string, position: readonly number[], print: string): string {
  return [kind, ...position.map((n) => String(n)), print].join(".");
}

/** The position of a cursor of this kind and fingerprint; null when it must restart. */
export function decodeCursor(cursor: string | undefined, kind: string, size: number, print: string): number[] | null {
  if (!cursor) return null;
  const parts = cursor.split(".");
  if (parts.length !== size + 2 || parts[0] !== kind || parts[size + 1] !== print) return null;
  const numbers = parts.slice(1, size + 1).map(Number);
  return numbers.every((n) => Number.isSafeInteger(n) && n >= 0) ? numbers : null;
}

export interface CollectionAnswer<T, D = string> {
  items: T[];
  /** Keys of items the client should drop. */
  deleted: D[];
  cursor: string;
  /** More changes wait: pull again with the new cursor. */
  more: boolean;
  /** The cursor did not apply (first pull, or what it was relative to changed): replace the local copy. */
  reset: boolean;
}
