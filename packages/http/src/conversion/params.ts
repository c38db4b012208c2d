import { z } from "zod";
import { parameterError, RestError } from "../errors.js";

/** Booleans as clients send them: JSON true/false, or form strings ("true", "1", "" for a bare flag). */
export const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((value) => value === true || value === 1 || (typeof value === "string" && !["false", "0", "no", "off"].includes(value.toLowerCase())));

/** A body field that may come as text or as `{body: text}` (page-bundle style). */
const textField = z.union([z.string(), z.object({ body: z.string() }).passthrough()]).transform((v) => (typeof v === "string" ? v : v.body));

const dataParserBody = z.object({ counter: z.number().int().optional(), ids: z.record(z.string(), z.unknown()) }).passthrough();
const dataParserField = z.union([dataParserBody, z.object({ body: dataParserBody }).passthrough()]).transform((v) => ("body" in v && typeof v.body === "object" && v.body !== null && "ids" in v.body ? (v.body as z.infer<typeof dataParserBody>) : (v as z.infer<typeof dataParserBody>)));

const revid = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number).pipe(z.number().int().positive());

export const originalSchema = z
  .object({
    title: z.string().optional(),
    revid: revid.optional(),
    wikitext: textField.optional(),
    html: textField.optional(),
    "data-parser": dataParserField.optional(),
    "data-parsoid": dataParserField.optional(),
  })
  .passthrough();

export const transformBodySchema = z
  .object({
    wikitext: textField.optional(),
    html: textField.optional(),
    body_only: flag.optional(),
    scrub_wikitext: flag.optional(),
    original: originalSchema.optional(),
    updates: z.record(z.string(), z.unknown()).optional(),
    offsetType: z.string().optional(),
    "data-parser": dataParserField.optional(),
    "data-parsoid": dataParserField.optional(),
  })
  .passthrough();

export type TransformBody = z.infer<typeof transformBodySchema>;

/**
 * Form and multipart bodies cannot nest: accept `original` as a JSON string or as bracketed
 * fields (`original[title]`), and JSON-encoded objects in other fields.
 */
export function unflattenFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const bracket = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (bracket) {
      const parent = (out[bracket[1]!] ??= {}) as Record<string, unknown>;
      if (typeof parent === "object") parent[bracket[2]!] = maybeJson(bracket[2]!, value);
    } else {
      out[key] = maybeJson(key, value);
    }
  }
  return out;
}

const JSON_FIELDS = new Set(["original", "updates", "data-parser", "data-parsoid"]);

function maybeJson(key: string, value: unknown): unknown {
  if (!JSON_FIELDS.has(key) || typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw parameterError(key, value, "badjson", `The "${key}" field must be a JSON object.`);
  }
}

/** Runs a zod schema at the edge, turning its first issue into MediaWiki's parameter error. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.map(String).join(".") || "body";
  let value: unknown = input;
  for (const segment of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[segment as PropertyKey];
  throw parameterError(name, value ?? null, "badvalue", `Invalid value for "${name}": ${issue.message}`);
}

export function positiveInt(name: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) <= 0 || !Number.isSafeInteger(Number(text))) {
    throw parameterError(name, text, "badinteger", `Invalid value for "${name}": must be a positive integer.`);
  }
  return Number(text);
}

export function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) {
    throw parameterError(name, text, "badvalue", `Invalid value for "${name}": must be one of ${allowed.join(", ")}.`);
  }
  return text as T;
}

export function tooLarge(what: string, limit: number): RestError {
  return new RestError(413, "rest-content-too-large", `The ${what} exceeds the limit of ${limit} bytes.`);
}
