/**
 * Query terms as FTS5 expressions over the token index (unicode61: lower-cased, accents removed,
 * split on anything that is not a letter or digit, like the `search` subfields). Exact words and
 * prefixes (`foo*`) are native; leading and inner wildcards (`*foo*`, `f?o`) are expanded over
 * the index's vocabulary first, which a trigram index over the distinct words keeps fast.
 */
import { fold, type TermMatcher } from "./query-string";

/** Distinct indexed words containing a given text (folded). */
export interface Vocabulary {
  containing(core: string): string[];
}

/** Cap on the words one wildcard term expands to (Elasticsearch bounds expansions too). */
const MAX_EXPANSIONS = 1024;

/** The words of a text as the token index sees them. */
export function textTokens(text: string): string[] {
  // Plain ASCII (most wiki text) needs neither Unicode normalisation nor Unicode classes.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().split(/[^a-z0-9]+/).filter((token) => token !== "");
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter((token) => token !== "");
}

export interface FtsTerm {
  /** FTS5 expression; "" when the term constrains nothing, null when it can match nothing. */
  expression: string | null;
  /** False when the index only finds candidates and the term's matcher must confirm them. */
  exact: boolean;
}

/**
 * One required part of a term, as the token index evaluates it: a quoted string (FTS5 splits it
 * into a phrase of tokens), a prefix (`"abc" *`: its last token may be a prefix), or a choice of
 * whole words (a wildcard expanded over the vocabulary).
 */
export type FtsPart = { kind: "phrase"; text: string } | { kind: "prefix"; text: string } | { kind: "anyOf"; words: string[] };

/** A term in structured form: every part must occur; null when it can match nothing. */
export interface FtsQuery {
  parts: FtsPart[] | null;
  exact: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** A token of the term's shape as one part; undefined when it constrains nothing, null when nothing matches. */
function tokenPart(token: string, vocabulary: Vocabulary): FtsPart | null | undefined {
  if (!/[*?]/.test(token)) return { kind: "phrase", text: token };
  if (/^[^*?]+\*+$/.test(token)) return { kind: "prefix", text: token.replace(/\*+$/, "") };
  const runs = token.split(/[*?]+/).filter((run) => run !== "");
  const core = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  if (core === "") return undefined;
  const shape = new RegExp(`^${[...token].map((c) => (c === "*" ? "[\\p{L}\\p{N}]*" : c === "?" ? "[\\p{L}\\p{N}]" : escapeRegex(c))).join("")}$`, "u");
  const words = vocabulary.containing(core).filter((word) => shape.test(word)).slice(0, MAX_EXPANSIONS);
  if (words.length === 0) return null;
  return words.length === 1 ? { kind: "phrase", text: words[0]! } : { kind: "anyOf", words };
}

/** The term as parts the token index evaluates (the SQLite index through FTS5, the in-memory one directly). */
export function ftsQuery(matcher: TermMatcher, vocabulary: Vocabulary): FtsQuery {
  if (matcher.phrase) return { parts: [{ kind: "phrase", text: matcher.phrase.join(" ") }], exact: true };
  const tokens = matcher.shape.split(/[^\p{L}\p{N}*?]+/u).filter((token) => /[\p{L}\p{N}]/u.test(token));
  const parts: FtsPart[] = [];
  for (const token of tokens) {
    const part = tokenPart(token, vocabulary);
    if (part === null) return { parts: null, exact: true };
    if (part !== undefined) parts.push(part);
  }
  // Several tokens: all must occur; their adjacency is the matcher's to confirm.
  return { parts, exact: tokens.length <= 1 };
}

function renderPart(part: FtsPart): string {
  if (part.kind === "phrase") return `"${part.text}"`;
  if (part.kind === "prefix") return `"${part.text}" *`;
  return `(${part.words.map((word) => `"${word}"`).join(" OR ")})`;
}

export function ftsTerm(matcher: TermMatcher, vocabulary: Vocabulary): FtsTerm {
  const query = ftsQuery(matcher, vocabulary);
  if (query.parts === null) return { expression: null, exact: true };
  if (query.parts.length === 0) return { expression: "", exact: true };
  const parts = query.parts.map(renderPart);
  return { expression: parts.length === 1 ? parts[0]! : `(${parts.join(" AND ")})`, exact: query.exact };
}
