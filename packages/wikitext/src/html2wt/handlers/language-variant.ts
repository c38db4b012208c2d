// LanguageConverter markup (`-{…}-`) in Parsoid's HTML: an element with
// `typeof="mw:LanguageVariant"` whose `data-mw-variant` JSON says what the markup does (disabled
// conversion, a variant filter, a variant name, two-way or one-way rules, and the add / remove /
// title / describe flags), written back as markup. The flags follow from the data as MediaWiki
// reads them back (a `<meta>` shows nothing: its rules are hidden), kept in the order and with
// the spaces they were written with (parse data `fl`, `flSp`), and so are the spaces around the
// rules' parts (`tSp`). The texts are HTML, written as wikitext that continues the line, with
// the separators that would end them early wrapped in <nowiki>.
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import type { NodeHandler } from "./types.js";
import { variantData } from "../../variants/data.js";

/** data-mw-variant members and the flag each stands for, in the order flags are collected. */
const MEMBER_FLAGS: ReadonlyArray<[string, string]> = [
  ["show", "$S"], ["add", "A"], ["error", "$E"], ["title", "T"], ["disabled", "R"], ["describe", "D"], ["remove", "-"], ["name", "N"],
];

/** Parse data's compact space lists: a number stands for that many empty strings. */
function expandSpaces(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item === "number") for (let i = 0; i < item; i++) out.push("");
    else if (typeof item === "string") out.push(item);
  }
  return out;
}

/** A variant name written as is when the grammar reads it as one, else in <nowiki>. */
function protectLang(lang: string): string {
  if (/^[a-z][-a-zA-Z]+$/.test(lang)) return lang;
  return `<nowiki>${lang.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</nowiki>`;
}

/** Where each written flag stood (its last position when written twice). */
function writtenPositions(el: WElement): Map<string, number> {
  const positions = new Map<string, number>();
  const written = el.dp?.["fl"];
  if (Array.isArray(written)) written.forEach((f, i) => typeof f === "string" && positions.set(f, i));
  return positions;
}

/**
 * The flags joined with `;`, in their written order (new ones first), each with the spaces it
 * was written with; internal `$` flags left out unless `keepInternal` (a filter's variants).
 */
function flagText(written: Map<string, number>, flSp: readonly string[], flags: readonly string[], keepInternal: boolean, asLang: boolean): string {
  const listed = (keepInternal ? flags.slice() : flags.filter((f) => f[0] !== "$")).sort((a, b) => (written.get(a) ?? -1) - (written.get(b) ?? -1));
  let text = listed
    .map((f) => {
      const i = written.get(f);
      const shown = asLang ? protectLang(f) : f;
      return i !== undefined && 2 * i + 1 < flSp.length ? flSp[2 * i] + shown + flSp[2 * i + 1] : shown;
    })
    .join(";");
  // A final `;` (and the spaces after it) as written.
  if (2 * written.size + 1 === flSp.length) {
    if (flSp.length > 1 || text.length > 0) text += ";";
    text += flSp[2 * written.size];
  }
  return text;
}

/**
 * Whether the markup's body holds one of `chars` where the grammar would read it as a separator:
 * outside nested markup, links, templates and <nowiki>.
 */
function hasSeparator(body: string, chars: string): boolean {
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    if (body.startsWith("<nowiki>", i)) {
      const end = body.indexOf("</nowiki>", i);
      if (end < 0) return false;
      i = end + 8;
      continue;
    }
    const two = body.slice(i, i + 2);
    if (two === "-{" || two === "[[" || two === "{{") {
      depth++;
      i++;
    } else if ((two === "}-" || two === "]]" || two === "}}") && depth > 0) {
      depth--;
      i++;
    } else if (depth === 0 && chars.includes(body[i]!)) return true;
  }
  return false;
}

/** `flags|body`, the bar also when the body holds one; then the trailing `;` as written. */
function combine(flags: string, body: string, trailingSemi: string | null): string {
  const bar = flags !== "" || hasSeparator(body, "|") ? "|" : "";
  return flags + bar + body + (trailingSemi !== null ? ";" + trailingSemi : "");
}

/** A text's HTML as wikitext continuing the line, `protect` matches kept from ending it early. */
function text(html: string | undefined, s: Serializer, protect: RegExp): string {
  if (!html) return "";
  return s.serializeFragment(html, { continuesLine: true, protect });
}

const PROTECT_END = /\}-/g;
const PROTECT_RULE_TEXT = /;|\}-/g;
const PROTECT_RULE_FROM = /:|;|=>|\}-/g;

/** The `-{…}-` markup for an element's variant data; null when there is none. */
export function languageVariantMarkup(el: WElement, s: Serializer): string | null {
  const data = variantData(el);
  if (data === null) return null;
  const flSp = expandSpaces(el.dp?.["flSp"]);
  const textSp = expandSpaces(el.dp?.["tSp"]);
  const written = writtenPositions(el);
  const flags = new Set<string>();
  for (const [member, flag] of MEMBER_FLAGS) if (data[member]) flags.add(flag);
  const dropUnwritten = (flag: string): void => {
    if (!written.has(flag)) flags.delete(flag);
  };
  // Flags MediaWiki implies: shown output unless a meta; hidden rules otherwise.
  if (el.name !== "meta") flags.add("$S");
  if (!flags.has("$S") && !flags.has("T") && data.filter === undefined) flags.add("H");
  if (flags.size === 1 && flags.has("$S")) dropUnwritten("$S");
  else if (flags.has("D")) {
    // A hidden 'describe' rule can only be written `-{D;A|...}-`.
    if (flags.has("$S")) {
      if (flags.has("A")) flags.add("H");
      flags.delete("A");
    } else {
      flags.add("A");
      flags.delete("H");
    }
  } else if (flags.has("T")) {
    if (flags.has("A") && !flags.has("$S")) {
      flags.delete("A");
      flags.add("H");
    }
  } else if (flags.has("A")) {
    if (flags.has("$S")) dropUnwritten("$S");
    else if (flags.has("H")) dropUnwritten("A");
  } else if (flags.has("R")) dropUnwritten("$S");
  else if (flags.has("-")) dropUnwritten("H");

  let result = "$E|";
  if (data.filter?.l) {
    const body = text(data.filter.t, s, PROTECT_END);
    result = combine(flagText(written, flSp, data.filter.l, true, true), body, null);
  } else if (data.disabled || data.name) {
    const body = text((data.disabled ?? data.name)!.t, s, PROTECT_END);
    // R is needed where the grammar would read a separator. Without the flags as written (HTML
    // from elsewhere), any separator in the text keeps it, nested markup's too, as in Parsoid.
    const separated = Array.isArray(el.dp?.["fl"]) ? hasSeparator(body, ":;|") : /[:;|]/.test(body);
    if (!separated) dropUnwritten("R");
    result = combine(flagText(written, flSp, [...flags], false, false), body, null);
  } else if (data.twoway) {
    let trailingSemi = textSp.length % 3 === 1 ? textSp[textSp.length - 1]! : null;
    const rules = data.twoway[0]?.l === "*" ? data.twoway.slice(0, 1) : data.twoway;
    const body = rules
      .map((rule, i) => {
        const t = text(rule.t, s, PROTECT_RULE_TEXT);
        if (rule.l === "*") {
          trailingSemi = null;
          return t;
        }
        const ws = 3 * i + 2 < textSp.length ? textSp.slice(3 * i, 3 * i + 3) : [i > 0 ? " " : "", "", ""];
        return ws[0] + protectLang(rule.l) + ws[1] + ":" + ws[2] + t;
      })
      .join(";");
    dropUnwritten("$S");
    result = combine(flagText(written, flSp, [...flags], false, false), body, trailingSemi);
  } else if (data.oneway) {
    const trailingSemi = textSp.length % 4 === 1 ? textSp[textSp.length - 1]! : null;
    const body = data.oneway
      .map((rule, i) => {
        const from = text(rule.f, s, PROTECT_RULE_FROM);
        const to = text(rule.t, s, PROTECT_RULE_TEXT);
        const ws = 4 * i + 3 < textSp.length ? textSp.slice(4 * i, 4 * i + 4) : ["", "", "", ""];
        return ws[0] + from + "=>" + ws[1] + protectLang(rule.l) + ws[2] + ":" + ws[3] + to;
      })
      .join(";");
    result = combine(flagText(written, flSp, [...flags], false, false), body, trailingSemi);
  }
  return `-{${result}}-`;
}

export const languageVariantHandler: NodeHandler = {
  serialize(el, s) {
    const markup = languageVariantMarkup(el, s);
    if (markup === null) {
      s.serializeChildren(el);
      return;
    }
    // Right after a bare `|` cell marker, `-{` would make the row syntax `|-`.
    if (s.context.cell !== null && !s.context.htmlBlock && s.line.isCellMarkerOnly()) s.emit("<nowiki/>");
    s.emit(markup);
  },
};
