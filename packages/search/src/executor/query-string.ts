/**
 * A parser for the `query_string` syntax the builder emits and users type: terms with `*`/`?`
 * wildcards and `\` escapes, "phrases", `+`/`-` prefixes, AND/OR/NOT (&&, ||, !), grouping, and
 * trailing `~fuzziness` / `^boost` (accepted; matching stays exact). Linear, no backtracking.
 *
 * Every term becomes a matcher over analysed text: case-insensitive, diacritics folded, words
 * bounded unless a wildcard opens the side. `literal` is the longest plain run of a term, which
 * the trigram index uses to find candidates before the matcher confirms them.
 */

export interface TermMatcher {
  /** Regular expression source over folded text (flag "u"). */
  pattern: string;
  /** Longest wildcard-free run, folded; "" when none. */
  literal: string;
  /** `*text*`: any occurrence of `literal` matches, so a substring index answers it alone. */
  substring: boolean;
  /** The term with wildcards kept ("*" and "?"), literal text folded: what the token index is asked. */
  shape: string;
  /** Set for quoted phrases: their folded words. */
  phrase?: string[];
}

export type QsNode =
  | { kind: "term"; matcher: TermMatcher }
  | { kind: "bool"; must: QsNode[]; should: QsNode[]; mustNot: QsNode[] };

/** Lower-case, accents removed: the `search` analyzer's lowercase + asciifolding. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const WORD = "[\\p{L}\\p{N}_]";
const NOT_BEFORE = `(?<!${WORD})`;
const NOT_AFTER = `(?!${WORD})`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** Pieces of a term: literal text and wildcards (escaped wildcards are literal). */
export type Piece = { wildcard: "*" | "?" } | { text: string };

export function termMatcher(pieces: Piece[]): TermMatcher {
  let pattern = "";
  let literal = "";
  let run = "";
  let shape = "";
  for (const piece of pieces) {
    // Escaped wildcard characters are not word characters: they separate tokens in the shape.
    shape += "wildcard" in piece ? piece.wildcard : fold(piece.text).replace(/[*?]/g, " ");
    if ("wildcard" in piece) {
      // Wildcards stay inside a word, so highlights cover the word, not the markup around it.
      pattern += piece.wildcard === "*" ? `${WORD}*` : WORD;
      if (run.length > literal.length) literal = run;
      run = "";
    } else {
      const text = fold(piece.text);
      pattern += escapeRegex(text);
      run += text;
    }
  }
  if (run.length > literal.length) literal = run;
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const open = (p: Piece | undefined) => p !== undefined && "wildcard" in p && p.wildcard === "*";
  const inner = pieces.slice(1, -1);
  const substring = pieces.length >= 3 && open(first) && open(last) && inner.every((p) => !("wildcard" in p)) && literal.trim() === literal;
  return { pattern: `${open(first) ? "" : NOT_BEFORE}${pattern}${open(last) ? "" : NOT_AFTER}`, literal: literal.trim(), substring, shape };
}

function phraseMatcher(text: string): TermMatcher | null {
  const words = fold(text).split(/[^\p{L}\p{N}_]+/u).filter((w) => w !== "");
  if (words.length === 0) return null;
  const literal = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return {
    pattern: `${NOT_BEFORE}${words.map(escapeRegex).join(`${"[^\\p{L}\\p{N}_]+"}`)}${NOT_AFTER}`,
    literal, substring: false, shape: words.join(" "), phrase: words,
  };
}

type Token =
  | { t: "open" } | { t: "close" } | { t: "and" } | { t: "or" } | { t: "not" }
  | { t: "plus" } | { t: "minus" } | { t: "term"; pieces: Piece[] } | { t: "phrase"; text: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = input.length;
  const isSpace = (c: string) => /\s/.test(c);
  while (i < n) {
    const c = input[i]!;
    if (isSpace(c)) { i++; continue; }
    if (c === "(") { tokens.push({ t: "open" }); i++; continue; }
    if (c === ")") { tokens.push({ t: "close" }); i++; continue; }
    if (c === "&" && input[i + 1] === "&") { tokens.push({ t: "and" }); i += 2; continue; }
    if (c === "|" && input[i + 1] === "|") { tokens.push({ t: "or" }); i += 2; continue; }
    if ((c === "+" || c === "-" || c === "!") && i + 1 < n && !isSpace(input[i + 1]!)) {
      tokens.push({ t: c === "+" ? "plus" : c === "-" ? "minus" : "not" });
      i++;
      continue;
    }
    if (c === '"') {
      let text = "";
      i++;
      while (i < n && input[i] !== '"') {
        if (input[i] === "\\" && i + 1 < n) i++;
        text += input[i];
        i++;
      }
      i++; // closing quote (or end)
      while (i < n && !isSpace(input[i]!) && input[i] !== ")") i++; // ~slop, ^boost
      tokens.push({ t: "phrase", text });
      continue;
    }
    const pieces: Piece[] = [];
    let raw = "";
    while (i < n && !isSpace(input[i]!) && input[i] !== "(" && input[i] !== ")") {
      const ch = input[i]!;
      if (ch === "\\" && i + 1 < n) {
        pieces.push({ text: input[i + 1]! });
        raw += input[i + 1];
        i += 2;
        continue;
      }
      if (ch === "~" || ch === "^") {
        while (i < n && !isSpace(input[i]!) && input[i] !== ")") i++;
        break;
      }
      pieces.push(ch === "*" || ch === "?" ? { wildcard: ch } : { text: ch });
      raw += ch;
      i++;
    }
    if (raw === "AND") tokens.push({ t: "and" });
    else if (raw === "OR") tokens.push({ t: "or" });
    else if (raw === "NOT") tokens.push({ t: "not" });
    else if (pieces.length > 0) tokens.push({ t: "term", pieces });
  }
  return tokens;
}

type Occur = "must" | "should" | "mustNot";

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[], private readonly defaultOperator: "or" | "and") {}

  parse(): QsNode {
    return this.sequence(false);
  }

  private sequence(nested: boolean): QsNode {
    const clauses: { occur: Occur; node: QsNode; explicit: boolean }[] = [];
    let pendingOperator: "and" | "or" | null = null;
    while (this.i < this.tokens.length) {
      const token = this.tokens[this.i]!;
      if (token.t === "close") {
        if (nested) { this.i++; break; }
        this.i++; // stray ")": ignored, as lenient parsing does
        continue;
      }
      if (token.t === "and" || token.t === "or") {
        pendingOperator = token.t;
        this.i++;
        if (token.t === "and" && clauses.length > 0) {
          const previous = clauses[clauses.length - 1]!;
          if (!previous.explicit) previous.occur = "must";
        }
        continue;
      }
      let occur: Occur | null = null;
      while (this.i < this.tokens.length) {
        const prefix = this.tokens[this.i]!;
        if (prefix.t === "plus") occur = "must";
        else if (prefix.t === "minus" || prefix.t === "not") occur = "mustNot";
        else break;
        this.i++;
      }
      const node = this.primary();
      if (!node) continue;
      const explicit = occur !== null;
      if (occur === null) {
        if (pendingOperator === "and") occur = "must";
        else if (pendingOperator === "or") occur = "should";
        else occur = this.defaultOperator === "and" ? "must" : "should";
      }
      if (pendingOperator === "or" && clauses.length > 0) {
        const previous = clauses[clauses.length - 1]!;
        if (!previous.explicit && previous.occur === "must") previous.occur = "should";
      }
      clauses.push({ occur, node, explicit });
      pendingOperator = null;
    }
    if (clauses.length === 1 && clauses[0]!.occur !== "mustNot") return clauses[0]!.node;
    return {
      kind: "bool",
      must: clauses.filter((c) => c.occur === "must").map((c) => c.node),
      should: clauses.filter((c) => c.occur === "should").map((c) => c.node),
      mustNot: clauses.filter((c) => c.occur === "mustNot").map((c) => c.node),
    };
  }

  private primary(): QsNode | null {
    const token = this.tokens[this.i];
    if (!token) return null;
    this.i++;
    if (token.t === "open") return this.sequence(true);
    if (token.t === "phrase") {
      const matcher = phraseMatcher(token.text);
      return matcher ? { kind: "term", matcher } : null;
    }
    if (token.t === "term") {
      // A term of wildcards only matches any word: no constraint worth a clause.
      if (token.pieces.every((p) => "wildcard" in p)) return { kind: "bool", must: [], should: [], mustNot: [] };
      return { kind: "term", matcher: termMatcher(token.pieces) };
    }
    return null;
  }
}

export function parseQueryString(query: string, defaultOperator: "or" | "and"): QsNode {
  return new Parser(tokenize(query), defaultOperator).parse();
}

/** The positive terms of a query (for scoring and highlighting). */
export function positiveTerms(node: QsNode): TermMatcher[] {
  if (node.kind === "term") return [node.matcher];
  return [...node.must, ...node.should].flatMap(positiveTerms);
}
