// LanguageConverter markup, `-{flags|texts}-`, on sites whose language has variants (zh, sr...):
// `-{text}-` (no conversion), `-{zh-hans;zh-hant|text}-` (only these variants), `-{zh:A;zh-tw:B}-`
// (two-way rules), `-{X=>zh:A}-` (one-way rules), with flags such as `A`, `H`, `T`, `R`, `N`, `-`.
// The grammar finds the markup and its parts; transforms/language-variants.ts builds the element
// (parts are parsed as fragments of their own, like an extension's body).
//
// Pairing: a `}-` closes the nearest open `-{` (found once per document, in text only: not in
// comments, tags or raw extension bodies). Inside the markup, the separators `|`, `;`, `:` and
// `=>` count only outside nested constructs (links, tags, entities, nested markup).
import { K_TEXT, K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT, K_COMMENT, K_ENTITY, K_LINK_OPEN, K_BRACKET_OPEN, K_NEWLINE } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import { decodeEntities } from "../../util/entities.js";
import { pushText } from "./inline.js";
import { languageVariantTokens, type VariantSyntax, type VariantOption, type TextRange, type VariantText } from "../../transforms/language-variants.js";

/** Where each `-{` (by offset) ends, after its `}-`. */
export function pairLanguageVariants(g: Grammar): Map<number, number> {
  const closes = new Map<number, number>();
  const open: number[] = [];
  const src = g.src;
  for (let i = 0; i < g.n; i++) {
    if (g.kind(i) !== K_TEXT) continue;
    const end = g.end(i);
    for (let p = g.start(i); p + 1 < end; p++) {
      const c = src.charCodeAt(p);
      if (c === 0x2d && src.charCodeAt(p + 1) === 0x7b) {
        open.push(p);
        p++;
      } else if (c === 0x7d && src.charCodeAt(p + 1) === 0x2d && open.length > 0) {
        closes.set(open.pop()!, p + 2);
        p++;
      }
    }
  }
  return closes;
}

/**
 * Text token i, which holds a `-{`: its text up to the markup, then the markup's element. Returns
 * the token to continue from, or -1 when no markup in it closes in time (then it is text).
 * `limit`: the markup must end by this offset.
 */
export function textWithLanguageVariant(g: Grammar, i: number, limit: number): number {
  const closes = g.languageVariantCloses();
  const src = g.src;
  const end = g.end(i);
  for (let pos = src.indexOf("-{", g.start(i)); pos >= 0 && pos + 1 < end; pos = src.indexOf("-{", pos + 2)) {
    const close = closes.get(pos);
    if (close === undefined || close > limit) continue;
    pushText(g, g.start(i), pos);
    languageVariant(g, i, pos, close);
    return g.consumeTo(i, close);
  }
  return -1;
}

/** Source ranges the separators of the markup at [open, close) do not look into. */
class Separators {
  private readonly skips: Array<[number, number]> = [];

  constructor(
    private readonly g: Grammar,
    first: number,
    open: number,
    close: number,
  ) {
    for (let k = first; k < g.n && g.start(k) < close; k++) {
      const kind = g.kind(k);
      const s = g.start(k);
      if (s < open + 2) continue;
      if (kind === K_TAG_OPEN || kind === K_TAG_CLOSE || kind === K_RAW_TEXT || kind === K_COMMENT || kind === K_ENTITY) {
        this.skips.push([s, g.end(k)]);
      } else if (kind === K_LINK_OPEN && g.linkClose[k]! > k) {
        const to = g.linkClose[k]!;
        this.skips.push([s, g.end(to)]);
        k = to;
      } else if (kind === K_BRACKET_OPEN && g.bracketClose[k]! > k) {
        const to = g.bracketClose[k]!;
        this.skips.push([s, g.end(to)]);
        k = to;
      }
    }
    // Nested markup is skipped whole.
    const closes = g.languageVariantCloses();
    const src = g.src;
    for (let p = src.indexOf("-{", open + 2); p >= 0 && p < close - 2; ) {
      const nestedEnd = closes.get(p);
      if (nestedEnd !== undefined && nestedEnd <= close - 2) {
        this.skips.push([p, nestedEnd]);
        p = src.indexOf("-{", nestedEnd);
      } else {
        p = src.indexOf("-{", p + 2);
      }
    }
    this.skips.sort((a, b) => a[0] - b[0]);
  }

  /** The first of `chars` (or of the two-character `=>` when asked) in [from, to) outside skipped ranges; -1 if none. */
  find(from: number, to: number, chars: string, arrow = false): number {
    const src = this.g.src;
    let s = 0;
    for (let p = from; p < to; p++) {
      while (s < this.skips.length && this.skips[s]![1] <= p) s++;
      const skip = this.skips[s];
      if (skip && skip[0] <= p) {
        p = skip[1] - 1;
        continue;
      }
      const c = src[p]!;
      if (chars.includes(c)) return p;
      if (arrow && c === "=" && src.charCodeAt(p + 1) === 0x3e) return p;
    }
    return -1;
  }
}

const SPACE_OR_NEWLINE = /[ \t\r\n]*/y;
const VARIANT_NAME = /[a-z][-a-zA-Z]+/y;
/** One flag: a single capital, `+` or `-` (anything longer is no flag list at all). */
const FLAG_CHAR = /[-+A-Z]/y;
/** What the legacy converter ignores as a flag: no spaces, braces, pipes or semicolons. */
const BOGUS_FLAG = /[^\s{}|;]+/y;

/** Where a match of `re` at `at` ends (at most `end`), or -1 without one. */
function matchAt(re: RegExp, src: string, at: number, end: number): number {
  re.lastIndex = at;
  const m = re.exec(src);
  return m === null ? -1 : Math.min(at + m[0].length, end);
}

/** Whitespace (and newlines) from `at`: the end of the run. */
function spaces(src: string, at: number, end: number): number {
  SPACE_OR_NEWLINE.lastIndex = at;
  const m = SPACE_OR_NEWLINE.exec(src)!;
  return Math.min(at + m[0].length, end);
}

interface FlagItem {
  flag?: string;
  variant?: string;
}

/**
 * The flag list `[sp] item [sp] (; ...)` of [from, to) (the text before the first `|`); null when
 * that text is no flag list. `sp` holds the spaces around each item, then the spaces after a
 * final `;` when the list ends with one.
 */
function flagItems(src: string, from: number, to: number): { items: FlagItem[]; sp: string[] } | null {
  const items: FlagItem[] = [];
  const sp: string[] = [];
  let p = from;
  for (;;) {
    const lead = spaces(src, p, to);
    let itemEnd = -1;
    // (A bogus flag is an item with neither.)
    let item: FlagItem = {};
    if (lead < to) {
      if (matchAt(FLAG_CHAR, src, lead, to) === lead + 1) {
        itemEnd = lead + 1;
        item = { flag: src[lead]! };
      } else if ((itemEnd = matchAt(VARIANT_NAME, src, lead, to)) > lead) {
        item = { variant: src.slice(lead, itemEnd) };
      } else {
        itemEnd = matchAt(BOGUS_FLAG, src, lead, to);
      }
    }
    if (itemEnd < 0) {
      // No item: only spaces may remain (the list is empty or ended with `;`).
      if (lead < to) return null;
      sp.push(src.slice(p, lead));
      break;
    }
    const trail = spaces(src, itemEnd, to);
    items.push(item);
    sp.push(src.slice(p, lead), src.slice(itemEnd, trail));
    if (trail === to) break;
    if (src[trail] !== ";") return null;
    p = trail + 1;
  }
  return { items, sp };
}

/** Flags as MediaWiki's ConverterRule reads them (its parseFlags), with the spaces as written. */
function readFlags(src: string, from: number, to: number): Pick<VariantSyntax, "flags" | "variants" | "original" | "flagSp"> | null {
  const list = flagItems(src, from, to);
  if (list === null) return null;
  let flags = new Set<string>();
  const variants = new Set<string>();
  const writtenFlags: string[] = [];
  const variantList: string[] = [];
  const flagSp: string[] = [];
  const variantSp: string[] = [];
  let at = 0;
  for (const item of list.items) {
    // (A bogus flag's spaces are taken by the item after it, as in Parsoid.)
    if (item.flag !== undefined) {
      flags.add(item.flag);
      writtenFlags.push(item.flag);
      flagSp.push(list.sp[at++] ?? "", list.sp[at++] ?? "");
    }
    if (item.variant !== undefined) {
      variants.add(item.variant);
      variantList.push(item.variant);
      variantSp.push(list.sp[at++] ?? "", list.sp[at++] ?? "");
    }
  }
  if (at < list.sp.length) {
    flagSp.push(list.sp[at]!);
    variantSp.push(list.sp[at]!);
  }
  let useVariants = false;
  if (flags.size === 0 && variants.size === 0) flags.add("$S");
  else if (flags.has("R")) flags = new Set(["R"]);
  else if (flags.has("N")) flags = new Set(["N"]);
  else if (flags.has("-")) flags = new Set(["-"]);
  else if (flags.has("T") && flags.size === 1) flags.add("H");
  else if (flags.has("H")) {
    const kept = new Set(["$+", "H"]);
    if (flags.has("T")) kept.add("T");
    if (flags.has("D")) kept.add("D");
    flags = kept;
  } else if (variants.size > 0) useVariants = true;
  else {
    if (flags.has("A")) {
      flags.add("$+");
      flags.add("$S");
    }
    if (flags.has("D")) flags.delete("$S");
  }
  if (useVariants) return { flags: null, variants: [...variants].sort(), original: variantList, flagSp: variantSp };
  return { flags: [...flags].sort(), variants: null, original: writtenFlags, flagSp };
}

/** A nowiki'd variant name (one the plain syntax cannot write): its content. */
const NOWIKI_NAME = /<nowiki>([^<]*)<\/nowiki>/y;

/** A variant name at `at` (`zh-hans`, or written in <nowiki>): the name and where it ends. */
function variantName(src: string, at: number, end: number): { name: string; end: number } | null {
  const plain = matchAt(VARIANT_NAME, src, at, end);
  if (plain > at) return { name: src.slice(at, plain), end: plain };
  NOWIKI_NAME.lastIndex = at;
  const m = NOWIKI_NAME.exec(src);
  return m && at + m[0].length <= end ? { name: decodeEntities(m[1]!), end: at + m[0].length } : null;
}

/** `[sp] name [sp] : [sp] text` or `[sp] from => [sp] name [sp] : [sp] to`, from `at`; null if neither. */
function option(src: string, seps: Separators, at: number, end: number): { option: VariantOption; end: number } | null {
  const lead = spaces(src, at, end);
  const name = variantName(src, lead, end);
  if (name) {
    const colonAt = spaces(src, name.end, end);
    if (src[colonAt] === ":") {
      const textAt = spaces(src, colonAt + 1, end);
      const textEnd = endOf(seps.find(textAt, end, ";"), end);
      return {
        option: { kind: "twoway", lang: name.name, text: ruleText(src, textAt, textEnd), sp: [src.slice(at, lead), src.slice(name.end, colonAt), src.slice(colonAt + 1, textAt)] },
        end: textEnd,
      };
    }
  }
  const fromEnd = endOf(seps.find(lead, end, ";", true), end);
  if (src[fromEnd] !== "=" || src[fromEnd + 1] !== ">") return null;
  const langAt = spaces(src, fromEnd + 2, end);
  const lang = variantName(src, langAt, end);
  if (lang === null) return null;
  const langEnd = lang.end;
  const colonAt = spaces(src, langEnd, end);
  if (src[colonAt] !== ":") return null;
  const toAt = spaces(src, colonAt + 1, end);
  const toEnd = endOf(seps.find(toAt, end, ";"), end);
  return {
    option: {
      kind: "oneway",
      lang: lang.name,
      from: ruleText(src, lead, fromEnd),
      to: ruleText(src, toAt, toEnd),
      sp: [src.slice(at, lead), src.slice(fromEnd + 2, langAt), src.slice(langEnd, colonAt), src.slice(colonAt + 1, toAt)],
    },
    end: toEnd,
  };
}

function endOf(found: number, end: number): number {
  return found < 0 ? end : found;
}

/** Only spaces from `at` to `end`. */
const SPACES_ONLY = /^[ \t\r\n]*$/;

/**
 * A rule's text [from, to): the content of a <nowiki> that is all of it but trailing spaces is
 * taken literally (how html2wt writes text holding a separator), else the range.
 */
function ruleText(src: string, from: number, to: number): VariantText {
  NOWIKI_NAME.lastIndex = from;
  const m = NOWIKI_NAME.exec(src);
  if (m && from + m[0].length <= to && SPACES_ONLY.test(src.slice(from + m[0].length, to))) return decodeEntities(m[1]!);
  return [from, to];
}

/** Rules `option (; option)*` with trailing `;` garbage dropped (but a last `;` of spaces kept); null if none. */
function optionList(src: string, seps: Separators, from: number, end: number): VariantOption[] | null {
  const first = option(src, seps, from, end);
  if (first === null) return null;
  const options = [first.option];
  let at = first.end;
  while (src[at] === ";") {
    const next = option(src, seps, at + 1, end);
    if (next === null) break;
    options.push(next.option);
    at = next.end;
  }
  if (src[at] === ";") {
    // What follows is no rule: dropped, unless it is only spaces (written back after the `;`).
    const rest = src.slice(at + 1, end);
    if (/^\s*$/.test(rest)) options.push({ kind: "semi", sp: rest });
  }
  return options;
}

/** The markup [open, close) that starts in text token i: its element's tokens. */
function languageVariant(g: Grammar, i: number, open: number, close: number): void {
  const src = g.src;
  const body = open + 2;
  const bodyEnd = close - 2;
  const seps = new Separators(g, i, open, close);
  const bar = seps.find(body, bodyEnd, "|");
  const read = bar >= 0 ? readFlags(src, body, bar) : null;
  const flags = read ?? { flags: ["$S"], variants: null, original: [], flagSp: [] };
  const textStart = read ? bar + 1 : body;
  const raw = flags.flags === null || flags.flags.includes("R") || flags.flags.includes("N");
  const whole: TextRange = [textStart, bodyEnd];
  const texts = raw ? [{ kind: "text", text: whole } as VariantOption] : (optionList(src, seps, textStart, bodyEnd) ?? [{ kind: "text", text: whole } as VariantOption]);
  const syntax: VariantSyntax = { start: open, end: close, src: src.slice(open, close), ...flags, texts };
  for (const tk of languageVariantTokens(syntax, g.languageVariants)) g.out.push(tk);
}

/** Whether inline content may run past `to` (a line end) when markup closes on a later line. */
export function endsLine(g: Grammar, to: number): boolean {
  return to >= g.n || g.kind(to) === K_NEWLINE;
}
