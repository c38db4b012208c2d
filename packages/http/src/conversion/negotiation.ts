import { RestError } from "../errors.js";
import { HTML_VERSION, SPEC_BASE } from "./formats.js";

interface AcceptEntry {
  type: string;
  q: number;
  profile?: string;
  order: number;
}

function parseAccept(header: string): AcceptEntry[] {
  const entries: AcceptEntry[] = [];
  // Split on commas that are not inside a quoted profile URL.
  const parts = header.match(/(?:[^,"]|"[^"]*")+/g) ?? [];
  parts.forEach((part, order) => {
    const [type, ...params] = part.split(";").map((p) => p.trim());
    if (!type) return;
    const entry: AcceptEntry = { type: type.toLowerCase(), q: 1, order };
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq < 0) continue;
      const name = param.slice(0, eq).trim().toLowerCase();
      const value = param.slice(eq + 1).trim().replace(/^"|"$/g, "");
      if (name === "q") entry.q = Number.isFinite(Number(value)) ? Number(value) : 0;
      if (name === "profile") entry.profile = value;
    }
    entries.push(entry);
  });
  return entries.filter((e) => e.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
}

function parseVersion(text: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Semantic versioning's caret range: ^1.2.3 := >=1.2.3 <2.0.0, ^0.2.3 := >=0.2.3 <0.3.0. */
export function satisfiesCaret(available: string, requested: string): boolean {
  const have = parseVersion(available);
  const want = parseVersion(requested);
  if (!have || !want) return false;
  if (have[0] !== want[0]) return false;
  if (want[0] === 0 && have[1] !== want[1]) return false;
  for (let i = 0; i < 3; i++) {
    if (have[i]! > want[i]!) return true;
    if (have[i]! < want[i]!) return false;
  }
  return true;
}

/**
 * Checks the Accept header of a wikitext → HTML request. Entries are tried by quality; an entry
 * without a profile accepts what we produce, one with a profile must name an HTML (or page
 * bundle) spec version our version satisfies under caret semantics. When entries name profiles
 * and none can be served, the answer is 406.
 */
export function negotiateHtmlProfile(accept: string | null, format: "html" | "pagebundle"): void {
  if (!accept) return;
  const mediaType = format === "html" ? "text/html" : "application/json";
  const entries = parseAccept(accept);
  let sawProfile = false;
  for (const entry of entries) {
    const typeMatches = entry.type === "*/*" || entry.type === mediaType || entry.type === `${mediaType.split("/")[0]}/*`;
    if (!typeMatches) continue;
    if (!entry.profile) return;
    sawProfile = true;
    const match = new RegExp(`^${SPEC_BASE.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/(HTML|pagebundle)/([^/]+)$`, "i").exec(entry.profile);
    if (match && satisfiesCaret(HTML_VERSION, match[2]!)) return;
  }
  if (sawProfile) {
    throw new RestError(406, "rest-not-acceptable", `No acceptable content can be produced for the Accept header; this service produces HTML ${HTML_VERSION}.`, { accept });
  }
}
