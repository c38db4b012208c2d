import { SearchError } from "../errors";

/**
 * Structured API parameters arrive as JSON text and must be lists. Empty or absent means an
 * empty list; anything else that is not a JSON array is the caller's error, reported clearly.
 */
export function parseJsonList(name: string, text: string | undefined): unknown[] {
  if (text === undefined || text.trim() === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "syntax error";
    throw new SearchError("wikisearch-invalid-json", `The parameter "${name}" expected a valid JSON list: ${reason}`);
  }
  if (!Array.isArray(value)) {
    throw new SearchError("wikisearch-invalid-json", `The parameter "${name}" expected a valid JSON list, not ${value === null ? "null" : typeof value}.`);
  }
  return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
