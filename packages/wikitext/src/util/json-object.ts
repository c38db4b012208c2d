// JSON held in attributes (data-mw, data-parser, data-mw-variant) read defensively: HTML from
// clients may carry anything there.

/** A JSON object attribute value; null when absent, malformed or not an object. */
export function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null || text === "") return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    // Malformed data is treated as absent: the node is then handled from its HTML alone.
    return null;
  }
}
