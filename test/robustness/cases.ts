/**
 * The hostile variants of a valid request: each case breaks one thing (body syntax, types,
 * encoding, size, method, content type, path segments, query values) and says what answer is
 * acceptable: "error" (must be refused with a 4xx, or an action API error) or "safe" (any
 * non-5xx answer, well-formed if it is an error; for inputs a route may legitimately accept).
 */
import type { RouteSpec, Segment } from "./routes.js";

export type Expectation = "ok" | "error" | "safe";

export interface RobustnessCase {
  label: string;
  expect: Expectation;
  build(origin: string, auth: Record<string, string>): Request;
}

const utf8 = new TextEncoder();
const concatBytes = (...parts: (string | Uint8Array)[]) => {
  const arrays = parts.map((p) => (typeof p === "string" ? utf8.encode(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.byteLength;
  }
  return out;
};
/** Bytes that are not UTF-8: a lone continuation byte, an overlong "/", a truncated sequence. */
const INVALID_UTF8 = new Uint8Array([0xff, 0xc0, 0xaf, 0xe2, 0x82]);

/** Path segment values, already percent-encoded as they go on the wire. */
export const BAD_SEGMENTS: { label: string; raw: string; expect: Expectation }[] = [
  { label: "traversal ..%2F", raw: "..%2F..%2F..%2Fetc%2Fpasswd", expect: "error" },
  { label: "encoded dot segment %2e%2e", raw: "%2e%2e", expect: "safe" },
  { label: "mixed %2e%2e%2f", raw: "%2e%2e%2fapi.php", expect: "error" },
  { label: "invalid UTF-8 %FF", raw: "%FF%FE", expect: "error" },
  { label: "overlong UTF-8 slash %C0%AF", raw: "%C0%AF", expect: "error" },
  { label: "bad percent-encoding", raw: "%E0%A4%A", expect: "error" },
  { label: "NUL byte", raw: "A%00B", expect: "error" },
  { label: "overlong value (10k)", raw: "A".repeat(10_000), expect: "error" },
  { label: "control characters", raw: "%01%1F%7F", expect: "error" },
];

/** Values for one JSON field at a time: wrong types and hostile strings. */
const BAD_JSON_VALUES: { label: string; value: unknown }[] = [
  { label: "null", value: null },
  { label: "number", value: 12345 },
  { label: "negative", value: -1 },
  { label: "huge number", value: 1e308 },
  { label: "boolean", value: true },
  { label: "array", value: ["a", 1, null] },
  { label: "object", value: { nested: { deep: [1] } } },
  { label: "NUL string", value: "a\u0000b" },
  { label: "lone surrogate", value: "\ud800x" },
  { label: "long string", value: "x".repeat(20_000) },
];

/** Values for one action API parameter at a time (form values are always strings). */
const BAD_FORM_VALUES: { label: string; value: string }[] = [
  { label: "empty", value: "" },
  { label: "negative", value: "-1" },
  { label: "huge integer", value: "99999999999999999999999" },
  { label: "JSON-looking", value: "{\"a\":[1,2]}" },
  { label: "NUL", value: "a\u0000b" },
  { label: "traversal", value: "../../../etc/passwd" },
  { label: "pipes", value: "|||" },
  { label: "overlong title (10k)", value: "T".repeat(10_000) },
  { label: "U+001F multi-value", value: "\u001fa\u001fb" },
];

const ALL_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

function pathOf(segments: Segment[]): string {
  return segments.map((s) => (typeof s === "string" ? s : encodeURIComponent(s.value))).join("/");
}

function urlOf(route: RouteSpec, origin: string, segments: Segment[] = route.path, query: Record<string, string> | string | undefined = route.query): string {
  const base =
    route.api === "action" ? `${origin}/w/api.php` : route.api === "trpc" ? `${origin}/api/trpc/${pathOf(segments)}` : `${origin}/w/rest.php/${pathOf(segments)}`;
  if (query === undefined) return base;
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  return search === "" ? base : `${base}?${search}`;
}

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams({ format: "json", formatversion: "2", ...fields }).toString();
}

/** The route's valid request, with the body replaced when given. */
function request(
  route: RouteSpec,
  origin: string,
  auth: Record<string, string>,
  opts: { method?: string; segments?: Segment[]; query?: Record<string, string> | string; body?: BodyInit | null; contentType?: string | null } = {},
): Request {
  const method = opts.method ?? route.method;
  const headers = new Headers(auth);
  let body: BodyInit | null | undefined = opts.body;
  if (body === undefined) {
    if (route.api === "action" && route.method === "POST") body = formBody(route.body as Record<string, string>);
    else if (route.api !== "action" && route.body) body = JSON.stringify(route.body);
  }
  // A body goes with the route's own content type unless the case sets one (null: none at all).
  const contentType = opts.contentType === undefined ? (route.api === "action" ? "application/x-www-form-urlencoded" : "application/json") : opts.contentType;
  if (contentType && body !== undefined && body !== null) headers.set("content-type", contentType);
  let query = opts.query ?? route.query;
  if (route.api === "action" && route.method === "GET" && typeof query !== "string") query = { format: "json", formatversion: "2", ...query };
  const canHaveBody = method !== "GET" && method !== "HEAD";
  return new Request(urlOf(route, origin, opts.segments, query), { method, headers, body: canHaveBody ? (body ?? null) : null });
}

/**
 * `methodsOnPath`: the methods the table registers for the same path pattern, which are not
 * wrong there (GET and DELETE of one event, GET and POST of a v1 page).
 */
export function casesFor(route: RouteSpec, limits: { maxBodyBytes: number }, methodsOnPath: readonly string[] = [route.method]): RobustnessCase[] {
  const cases: RobustnessCase[] = [];
  const add = (label: string, expect: Expectation, build: RobustnessCase["build"]) => cases.push({ label, expect, build });
  const takesBody = route.method !== "GET";

  add("valid request", route.repeatable ? "ok" : "safe", (o, a) => request(route, o, a));

  // Wrong methods. The action API takes GET and POST alike, so only the others are wrong there.
  // The action API takes GET and POST alike; tRPC queries may come as POST (method override).
  const allowed = route.api === "action" || (route.api === "trpc" && route.method === "GET") ? ["GET", "POST"] : methodsOnPath;
  const wrong = ALL_METHODS.filter((m) => !allowed.includes(m));
  for (const method of wrong) add(`method ${method}`, "error", (o, a) => request(route, o, a, { method }));

  if (takesBody) {
    const json = route.api !== "action";
    add("malformed JSON", "error", (o, a) => request(route, o, a, { body: '{"wikitext": "x", ', contentType: "application/json" }));
    add("JSON array body", "error", (o, a) => request(route, o, a, { body: "[1,2,3]", contentType: "application/json" }));
    add("JSON string body", "error", (o, a) => request(route, o, a, { body: '"just a string"', contentType: "application/json" }));
    add("text/plain body", "error", (o, a) => request(route, o, a, { body: "hello", contentType: "text/plain" }));
    add("XML body", "error", (o, a) => request(route, o, a, { body: "<a>1</a>", contentType: "application/xml" }));
    add("body without content type", "error", (o, a) => request(route, o, a, { body: utf8.encode("a=b"), contentType: null }));
    add("multipart without boundary", "error", (o, a) => request(route, o, a, { body: "--x\r\n", contentType: "multipart/form-data" }));
    add("invalid UTF-8 in body", "error", (o, a) =>
      request(route, o, a, json
        ? { body: concatBytes('{"wikitext":"', INVALID_UTF8, '"}'), contentType: "application/json" }
        : { body: concatBytes("action=edit&title=", INVALID_UTF8), contentType: "application/x-www-form-urlencoded" }),
    );
    add("huge body", "error", (o, a) => {
      const filler = "x".repeat(limits.maxBodyBytes + 1024);
      return request(route, o, a, json
        ? { body: JSON.stringify({ ...(route.body ?? {}), filler }), contentType: "application/json" }
        : { body: `${formBody(route.body as Record<string, string>)}&filler=${filler}`, contentType: "application/x-www-form-urlencoded" });
    });
    add("empty body", route.needsBody ? "error" : "safe", (o, a) => request(route, o, a, json ? { body: "{}", contentType: "application/json" } : { body: "", contentType: "application/x-www-form-urlencoded" }));
    add("NUL bytes in body", "safe", (o, a) => request(route, o, a, { body: concatBytes('{"a\u0000":"\u0000"}'), contentType: "application/json" }));
    if (json && route.body) {
      for (const field of Object.keys(route.body)) {
        for (const bad of BAD_JSON_VALUES) {
          add(`field ${field} = ${bad.label}`, "safe", (o, a) => request(route, o, a, { body: JSON.stringify({ ...route.body, [field]: bad.value }) }));
        }
        const { [field]: _dropped, ...rest } = route.body;
        add(`field ${field} missing`, "safe", (o, a) => request(route, o, a, { body: JSON.stringify(rest) }));
      }
      // The same fields form-encoded and multipart (objects as JSON text, as clients send them),
      // and a JSON-text field carrying an unpaired surrogate escape.
      const asForm = (fields: Record<string, unknown>) =>
        new URLSearchParams(Object.entries(fields).map(([k, value]) => [k, typeof value === "string" ? value : JSON.stringify(value)])).toString();
      add("form-encoded body", "safe", (o, a) => request(route, o, a, { body: asForm(route.body!), contentType: "application/x-www-form-urlencoded" }));
      add("multipart body", "safe", (o, a) => {
        const form = new FormData();
        for (const [k, value] of Object.entries(route.body!)) form.set(k, typeof value === "string" ? value : JSON.stringify(value));
        return request(route, o, a, { body: form, contentType: null });
      });
      add("form field JSON with unpaired surrogate", "safe", (o, a) =>
        request(route, o, a, { body: asForm({ ...route.body, original: '{"title":"\\ud800x","wikitext":"\\udc00"}' }), contentType: "application/x-www-form-urlencoded" }),
      );
      add("unknown extra field", "safe", (o, a) => request(route, o, a, { body: JSON.stringify({ ...route.body, __proto__x: 1, constructor: "x" }) }));
      add("prototype pollution", "safe", (o, a) => request(route, o, a, { body: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}' }));
    }
  }

  if (route.api === "action") {
    const params = (route.method === "GET" ? route.query : route.body) as Record<string, string>;
    for (const name of Object.keys(params).filter((n) => n !== "action")) {
      for (const bad of BAD_FORM_VALUES) {
        const fields = { ...params, [name]: bad.value };
        add(`param ${name} = ${bad.label}`, "safe", (o, a) =>
          route.method === "GET" ? request(route, o, a, { query: fields }) : request(route, o, a, { body: formBody(fields) }),
        );
      }
      const { [name]: _dropped, ...rest } = params;
      add(`param ${name} missing`, "safe", (o, a) => (route.method === "GET" ? request(route, o, a, { query: rest }) : request(route, o, a, { body: formBody(rest) })));
    }
    // Invalid UTF-8 percent-encoded in the query string, and a NUL in the action name.
    add("invalid UTF-8 in query", "safe", (o, a) => request(route, o, a, { query: `${new URLSearchParams({ format: "json", ...params })}&title=%FF%C0%AF` }));
    add("NUL in action", "error", (o, a) => request(route, o, a, { query: { format: "json", action: `${params.action}\u0000` }, ...(route.method === "POST" ? { body: formBody({ ...params, action: `${params.action}\u0000` }) } : {}) }));
    add("JSON body to api.php", "error", (o, a) => request(route, o, a, { method: "POST", query: {}, body: JSON.stringify(params), contentType: "application/json" }));
  } else {
    route.path.forEach((segment, index) => {
      if (typeof segment === "string") return;
      for (const bad of BAD_SEGMENTS) {
        // Raw (already encoded) segment value, spliced into the path as is.
        const segments = route.path.map((s, i) => (i === index ? `${bad.raw}` : s));
        add(`path {${segment.name}} ${bad.label}`, bad.expect, (o, a) => request(route, o, a, { segments }));
      }
    });
    add("invalid UTF-8 in query", "safe", (o, a) => request(route, o, a, { query: `${new URLSearchParams(route.query ?? {})}&x=%FF%C0%AF` }));
    add("NUL in query", "safe", (o, a) => request(route, o, a, { query: `${new URLSearchParams(route.query ?? {})}&title=%00` }));
    for (const name of Object.keys(route.query ?? {})) {
      for (const bad of BAD_FORM_VALUES) {
        add(`query ${name} = ${bad.label}`, "safe", (o, a) => request(route, o, a, { query: { ...route.query, [name]: bad.value } }));
      }
    }
    add("trailing garbage segment", "error", (o, a) => request(route, o, a, { segments: [...route.path, "..", "..", "..", "x%00y"] }));
  }
  return cases;
}
