// The element of LanguageConverter markup (`-{…}-`, found by tokenizer/grammar/language-variant.ts),
// as the MediaWiki DOM spec has it: an empty element with `typeof="mw:LanguageVariant"` whose
// `data-mw-variant` JSON says what the markup does (its texts as HTML). It is a `<meta>` when the
// markup shows nothing (a rule that is only added or removed), else a `<span>`, or a `<div>` when
// a text holds block content. The flags as written, and the spaces around flags and rule parts,
// go to the parse data (`fl`, `flSp`, `tSp`) for html2wt, with the markup's source (`src`, which
// heading ids read).
//
// The element's tokens are made by the grammar; its texts are parsed once the page is tokenized
// (each as a fragment of its own, like an extension's body), and then the attribute is written.
import { holdsRemexBlock, type Attr, type WNode } from "../dom/node.js";
import type { DataParser } from "../dom/data-parser.js";
import type { StartTagTk, EndTagTk, SelfClosingTk, Token } from "../tokenizer/tokens.js";
import { embeddedHtml, embeddedText } from "../output/embedded-html.js";

/** Source range [start, end) of a text in the tokenized text. */
export type TextRange = [number, number];
/** A rule's text: its range, or the content of a <nowiki> that is all of it (taken literally). */
export type VariantText = TextRange | string;

export type VariantOption =
  | { kind: "text"; text: TextRange }
  | { kind: "twoway"; lang: string; text: VariantText; sp: [string, string, string] }
  | { kind: "oneway"; lang: string; from: VariantText; to: VariantText; sp: [string, string, string, string] }
  /** A final `;` followed only by spaces. */
  | { kind: "semi"; sp: string };

/** What the grammar read of one `-{…}-`. */
export interface VariantSyntax {
  start: number;
  end: number;
  /** The markup as written (a heading's id reads it). */
  src: string;
  /** Flags after MediaWiki's canonicalisation (sorted), or null for a variant list. */
  flags: string[] | null;
  /** `-{zh-hans;zh-hant|…}-`: the variants (sorted). */
  variants: string[] | null;
  /** The flags (or variants) as written, in order. */
  original: string[];
  /** Spaces before and after each written flag, then after a final `;`. */
  flagSp: string[];
  texts: VariantOption[];
}

/** An element whose texts still have to be parsed. */
export interface PendingVariant {
  readonly syntax: VariantSyntax;
  readonly open: StartTagTk | SelfClosingTk;
  readonly close: EndTagTk | null;
  readonly model: VariantModel;
}

/** The data-mw-variant members, before the texts are HTML. */
interface VariantModel {
  flags: Set<string>;
  filter?: { l: string[]; t: VariantText | null };
  twoway?: Array<{ l: string; t: VariantText | null }>;
  oneway?: Array<{ f: VariantText; l: string; t: VariantText }>;
  disabled?: VariantText | null;
  name?: VariantText | null;
}

/** MediaWiki's converter flags by the data-mw-variant member they set ("" : none). */
const FLAG_MEMBERS: Record<string, string> = {
  $S: "show", "$+": "add", $E: "error", A: "add", T: "title", R: "disabled", D: "describe", "-": "remove", H: "", N: "name",
};

/** Runs of empty strings written as their count (Parsoid's compact form of space lists). */
function compressSpaces(spaces: readonly string[]): Array<string | number> {
  const out: Array<string | number> = [];
  let empties = 0;
  for (const s of spaces) {
    if (s === "") {
      empties++;
      continue;
    }
    if (empties > 0) out.push(empties);
    empties = 0;
    out.push(s);
  }
  if (empties > 0) out.push(empties);
  return out;
}

/** The element's tokens for the markup; its pending record goes to `pending`. */
export function languageVariantTokens(syntax: VariantSyntax, pending: PendingVariant[]): Token[] {
  const options = syntax.texts.slice();
  let trailingSemi: string | null = null;
  const last = options[options.length - 1];
  if (last?.kind === "semi") {
    trailingSemi = last.sp;
    options.pop();
  }
  const model: VariantModel = { flags: new Set() };
  const twoway: Array<{ l: string; t: VariantText }> = [];
  const oneway: Array<{ f: VariantText; l: string; t: VariantText }> = [];
  const twowaySp: string[] = [];
  const onewaySp: string[] = [];
  for (const o of options) {
    if (o.kind === "twoway") {
      twoway.push({ l: o.lang, t: o.text });
      twowaySp.push(...o.sp);
    } else if (o.kind === "oneway") {
      oneway.push({ f: o.from, l: o.lang, t: o.to });
      onewaySp.push(...o.sp);
    }
  }
  const first = options[0];
  const firstText = first && first.kind === "text" ? first.text : first && first.kind === "twoway" ? first.text : null;
  let show = false;
  let textSp: string[] | null = null;
  const flags = syntax.flags ?? [];
  if (flags.length === 0 && syntax.variants && syntax.variants.length > 0) {
    model.filter = { l: syntax.variants, t: firstText };
    show = true;
  } else {
    let disabled = false;
    let named = false;
    let flagA = false;
    for (const f of flags) {
      const member = FLAG_MEMBERS[f];
      if (member === undefined) model.flags.add("error");
      else if (member === "disabled") disabled = true;
      else if (member === "name") named = true;
      else if (member === "show") show = true;
      else if (member !== "") {
        model.flags.add(member);
        if (f === "A") flagA = true;
      }
    }
    let sawTwoway = twoway.length > 0;
    const sawOneway = oneway.length > 0;
    let rules = twoway as Array<{ l: string; t: VariantText | null }>;
    if (options.length === 1 && first?.kind === "text" && !named) {
      if (model.flags.has("add") || model.flags.has("remove")) {
        // A rule for every variant.
        rules = [{ l: "*", t: first.text }];
        sawTwoway = true;
      } else {
        disabled = true;
        model.flags.delete("describe");
      }
    }
    if (model.flags.has("describe") && !flagA) show = true;
    if (disabled || named) {
      if (disabled) model.disabled = firstText;
      else model.name = firstText;
      show = !(model.flags.has("title") || model.flags.has("add"));
    } else if (sawTwoway) {
      model.twoway = rules;
      textSp = twowaySp;
      if (sawOneway) model.flags.add("error");
    } else {
      model.oneway = oneway;
      textSp = onewaySp;
      if (!sawOneway) model.flags.add("error");
    }
  }
  const isMeta = !show;
  const dp: DataParser = { fl: syntax.original };
  const flagSpaces = syntax.flagSp;
  const defaultSpaces = flagSpaces.length === 2 * syntax.original.length && flagSpaces.every((s) => s === "");
  if (!defaultSpaces) dp["flSp"] = compressSpaces(flagSpaces);
  dp.src = syntax.src;
  if (textSp !== null && textSp.length > 0) {
    if (trailingSemi !== null) textSp.push(trailingSemi);
    dp["tSp"] = compressSpaces(textSp);
  }
  const attrs: Attr[] = [{ name: "typeof", value: "mw:LanguageVariant" }];
  if (isMeta) {
    dp.tsr = [syntax.start, syntax.end];
    const open: SelfClosingTk = { type: "self", name: "meta", attrs, dp };
    pending.push({ syntax, open, close: null, model });
    return [open];
  }
  dp.tsr = [syntax.start, syntax.end - 2];
  const open: StartTagTk = { type: "start", name: "span", attrs, dp };
  const close: EndTagTk = { type: "end", name: "span", dp: { tsr: [syntax.end - 2, syntax.end] } };
  pending.push({ syntax, open, close, model });
  return [open, close];
}

/** Parses one text of the markup (its range in the tokenized text) into nodes. */
export type VariantTextParser = (range: TextRange) => Promise<readonly WNode[]>;

/** Parses every pending element's texts and writes its data-mw-variant (and div when a text holds blocks). */
export async function renderLanguageVariants(pending: readonly PendingVariant[], parse: VariantTextParser): Promise<void> {
  for (const v of pending) {
    let block = false;
    const html = async (range: VariantText | null): Promise<string> => {
      if (typeof range === "string") return embeddedText(range);
      if (range === null || range[1] <= range[0]) return "";
      const nodes = await parse(range);
      if (!block && nodes.some(holdsRemexBlock)) block = true;
      return embeddedHtml(nodes, true);
    };
    const m = v.model;
    // Members in key order, as Parsoid writes them.
    const data: Record<string, unknown> = {};
    if (m.flags.has("add")) data["add"] = true;
    if (m.flags.has("describe")) data["describe"] = true;
    if (m.disabled !== undefined) data["disabled"] = { t: await html(m.disabled) };
    if (m.flags.has("error")) data["error"] = true;
    if (m.filter) data["filter"] = { l: m.filter.l, t: await html(m.filter.t) };
    if (m.name !== undefined) data["name"] = { t: await html(m.name) };
    if (m.oneway) {
      const rules: Array<{ f: string; l: string; t: string }> = [];
      for (const r of m.oneway) rules.push({ f: await html(r.f), l: r.l, t: await html(r.t) });
      data["oneway"] = rules;
    }
    if (m.flags.has("remove")) data["remove"] = true;
    if (m.flags.has("title")) data["title"] = true;
    if (m.twoway) {
      const rules: Array<{ l: string; t: string }> = [];
      for (const r of m.twoway) rules.push({ l: r.l, t: await html(r.t) });
      data["twoway"] = rules;
    }
    v.open.attrs.push({ name: "data-mw-variant", value: JSON.stringify(data) });
    if (block && v.close) {
      v.open.name = "div";
      v.close.name = "div";
    }
  }
}
