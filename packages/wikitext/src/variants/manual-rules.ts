// The page's own conversion rules (MediaWiki's manual conversion table): markup with the add
// flag (`-{H|zh-cn:A;zh-tw:B}-`, `-{A|…}-`) teaches the converter a rule for the text that
// follows it on the page, markup with the remove flag (`-{-|…}-`) takes it back. A two-way rule
// turns each of its texts into the target variant's; a one-way rule (`X=>zh-cn:Y`) turns X into
// Y for its variant only. Rule matches win over the script converter and are not converted
// further (MediaWiki applies the manual table first, longest match first).
import { htmlToNodes } from "../html2wt/index.js";
import type { VariantData } from "./data.js";

/** Picks the rule for the target variant among rules by variant code (fallbacks included). */
export type RulePicker = <R extends { l: string }>(rules: readonly R[]) => R | undefined;

/** A rule text (HTML in data-mw-variant) as the plain text it matches; null when it holds markup. */
function ruleText(html: string | undefined): string | null {
  if (html === undefined || html === "") return null;
  if (!html.includes("<") && !html.includes("&")) return html;
  const nodes = htmlToNodes(html, "div");
  let text = "";
  for (const n of nodes) {
    if (n.kind === "text") text += n.value;
    else return null;
  }
  return text === "" ? null : text;
}

export class ManualRules {
  /** Source text → replacement, for the target variant. */
  private readonly table = new Map<string, string>();
  private longest = 0;

  constructor(
    /** MediaWiki code of the target variant. */
    private readonly code: string,
    private readonly pick: RulePicker,
    private readonly codeOf: (variant: string) => string,
    /** False for the wiki's own language: asking for it means no conversion, rules included. */
    private readonly enabled = true,
  ) {}

  get empty(): boolean {
    return this.table.size === 0;
  }

  /** Takes in (or, with the remove flag, out) the rules of one element's data-mw-variant. */
  learn(data: VariantData): void {
    const adding = data["add"] === true;
    const removing = data["remove"] === true;
    if ((!adding && !removing) || !this.enabled) return;
    const pairs: Array<[string, string]> = [];
    if (data.twoway) {
      const target = ruleText(this.pick(data.twoway)?.t);
      if (target !== null) {
        for (const r of data.twoway) {
          const from = ruleText(r.t);
          if (from !== null && from !== target) pairs.push([from, target]);
        }
      }
    }
    if (data.oneway) {
      for (const r of data.oneway) {
        if (this.codeOf(r.l) !== this.code) continue;
        const from = ruleText(r.f);
        const to = ruleText(r.t);
        if (from !== null && to !== null) pairs.push([from, to]);
      }
    }
    for (const [from, to] of pairs) {
      if (removing) this.table.delete(from);
      else {
        this.table.set(from, to);
        if (from.length > this.longest) this.longest = from.length;
      }
    }
  }

  /** `text` converted: rule matches replaced (longest first), the rest by `convert`. */
  apply(text: string, convert: (text: string) => string): string {
    if (this.table.size === 0) return convert(text);
    let out = "";
    let plainFrom = 0;
    let i = 0;
    while (i < text.length) {
      let matched: string | undefined;
      let width = Math.min(this.longest, text.length - i);
      for (; width > 0; width--) {
        matched = this.table.get(text.substr(i, width));
        if (matched !== undefined) break;
      }
      if (matched === undefined) {
        i++;
        continue;
      }
      if (plainFrom < i) out += convert(text.slice(plainFrom, i));
      out += matched;
      i += width;
      plainFrom = i;
    }
    if (plainFrom < text.length) out += convert(text.slice(plainFrom));
    return out;
  }
}
