import { RestError } from "./errors.js";

/** Default cap on request bodies; conversion requests carry whole pages, so it is generous. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export type BodyKind = "none" | "json" | "form" | "multipart";

export interface ParsedBody {
  kind: BodyKind;
  /** Form fields as strings; JSON bodies as parsed (objects only). */
  fields: Record<string, unknown>;
}

const SUPPORTED = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Reads the body within a byte limit. Content-Length is checked before reading, and the stream
 * is cut as soon as it goes past the limit, so a lying or absent header cannot get a huge body
 * into memory.
 */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): RestError {
  return new RestError(413, "rest-request-body-too-large", `The request body exceeds the limit of ${maxBytes} bytes.`);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new RestError(400, "rest-bad-body-encoding", "The request body is not valid UTF-8.");
  }
}

/**
 * Parses a request body of the three content types the APIs accept. Everything else with a body
 * is a 415; malformed bodies are a 400.
 */
export async function parseBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<ParsedBody> {
  const type = mediaType(request.headers.get("content-type"));
  const bytes = await readLimitedBytes(request, maxBytes);
  if (bytes.byteLength === 0 && type === "") return { kind: "none", fields: {} };
  if (!SUPPORTED.includes(type)) {
    throw new RestError(
      415,
      "rest-unsupported-content-type",
      type ? `Unsupported Content-Type: ${type}` : "A Content-Type header is required for a request body.",
      { content_type: type },
    );
  }
  if (type === "application/json") return { kind: "json", fields: parseJsonObject(decodeUtf8(bytes)) };
  if (type === "application/x-www-form-urlencoded") {
    return { kind: "form", fields: Object.fromEntries(new URLSearchParams(decodeUtf8(bytes))) };
  }
  return { kind: "multipart", fields: await parseMultipart(request, bytes) };
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new RestError(400, "rest-json-body-parse-error", "The JSON body could not be parsed.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new RestError(400, "rest-bad-json-body", "The JSON body must be an object.");
  }
  // JSON may spell unpaired surrogates as \uD800 escapes; they are not text (PHP's json_decode,
  // and so MediaWiki, refuses them) and the database layer cannot store them.
  if (UNPAIRED_SURROGATE_ESCAPE.test(text) && hasUnpairedSurrogate(value)) {
    throw new RestError(400, "rest-json-body-parse-error", "The JSON body contains an unpaired UTF-16 surrogate.");
  }
  return value as Record<string, unknown>;
}

/** A cheap pre-check: only bodies with a surrogate escape can hold an unpaired surrogate. */
const UNPAIRED_SURROGATE_ESCAPE = /\\u[dD][89abAB]|\\u[dD][c-fC-F]/;
/** In "u" mode a surrogate pair is one code point, so this matches only unpaired halves. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function hasUnpairedSurrogate(value: unknown): boolean {
  if (typeof value === "string") return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasUnpairedSurrogate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, inner]) => LONE_SURROGATE.test(key) || hasUnpairedSurrogate(inner));
  }
  return false;
}

async function parseMultipart(request: Request, bytes: Uint8Array): Promise<Record<string, unknown>> {
  // Reuse the platform's multipart parser on the already-limited bytes.
  const copy = new Request("http://body.invalid/", {
    method: "POST",
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    body: new Uint8Array(bytes),
  });
  let form: FormData;
  try {
    form = await copy.formData();
  } catch {
    throw new RestError(400, "rest-bad-multipart-body", "The multipart body could not be parsed.");
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    fields[name] = typeof value === "string" ? value : decodeUtf8(new Uint8Array(await value.arrayBuffer()));
  }
  return fields;
}
