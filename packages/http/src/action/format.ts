/**
 * Output conventions of the two format versions. Modules build formatversion=2 style objects;
 * formatversion=1 turns booleans into MediaWiki's "present means true" form.
 */
export function toFormatVersion1(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toFormatVersion1);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner === false || inner === undefined) continue;
      out[key] = inner === true ? "" : toFormatVersion1(inner);
    }
    return out;
  }
  return value;
}

/** Key under which text content goes: "*" in formatversion 1, the given name in 2. */
export function contentKey(formatVersion: 1 | 2, name = "content"): string {
  return formatVersion === 1 ? "*" : name;
}
