// Attributes as wikitext writes them (in HTML tags and in table/heading syntax). Attributes the
// engine adds for the HTML's consumers are not written back; values nobody changed come back in
// their original spelling (data-parser `sa`/`a`).
import type { WElement } from "../../dom/node.js";
import { isGeneratedNodeId } from "../node-data.js";
import type { FragmentSerializer } from "../serializer.js";
import { expandedAttr } from "./expanded-attrs.js";
import { decodeEntity, decodeEntities } from "../../util/entities.js";
import { parseAttributes } from "../../tokenizer/attributes.js";

/** Attributes that describe the conversion, not the content. */
const CONVERSION_ATTRS = new Set(["typeof", "about", "data-mw-i18n", "data-mw-variant", "data-ve-changed", "data-mw-section-id"]);

/** Classes the engine adds (empty-element markers and the like). */
const ENGINE_CLASSES = new Set(["mw-empty-elt"]);

function isConversionAttr(el: WElement, name: string, value: string): boolean {
  if (CONVERSION_ATTRS.has(name) || name.startsWith("data-parsoid") || name === "data-parser") return true;
  if (name === "id" && isGeneratedNodeId(value)) return true;
  // Heading ids are generated from the text unless the source gave one.
  if (name === "id" && /^h[1-6]$/.test(el.name) && el.dp?.sa?.["id"] === undefined) return true;
  if (name === "class" && value.split(/\s+/).every((c) => c === "" || ENGINE_CLASSES.has(c))) return true;
  if (name === "rel" && value.startsWith("mw:")) return true;
  if (name === "typeof" && el.dp?.stx !== "html") return true;
  return false;
}

function quoteValue(value: string): string {
  return `"${value.replace(/"/g, "&quot;")}"`;
}

/**
 * A value written anew: text that reads as a character reference ("&amp;") has its "&" escaped
 * so the reference comes back as the text it is, and ">" is written as a reference, as Parsoid
 * writes values.
 */
function escapeValue(value: string): string {
  const escaped = value.includes("&") ? value.replace(/&(?:#[xX][0-9a-fA-F]{1,32}|#[0-9]{1,32}|[a-zA-Z][a-zA-Z0-9]{0,31});/g, (ref) => (decodeEntity(ref) !== null ? `&amp;${ref.slice(1)}` : ref)) : value;
  return escaped.includes(">") ? escaped.replace(/>/g, "&gt;") : escaped;
}

/**
 * An attribute that markup produced (data-mw attribs), written as that markup: the key's and the
 * value's wikitext from their HTML. A template that wrote a whole `key=value` leaves an empty
 * value: the key's wikitext alone stands for both.
 */
function markupAttribute(el: WElement, name: string, value: string, markup: FragmentSerializer, covered: Set<string>): string | null {
  const expanded = expandedAttr(el, name);
  if (expanded === null || (expanded.keyHtml === null && expanded.valueHtml === null)) return null;
  const key = expanded.keyHtml !== null ? markup(expanded.keyHtml) : name;
  const written = expanded.valueHtml !== null ? markup(expanded.valueHtml) : value;
  if (written !== "") return ` ${key}=${quoteValue(written)}`;
  if (!/[{<]/.test(key)) return ` ${key}=""`;
  // The markup wrote every attribute its output assigns (`{{T}}` giving `id="a" title="b"`).
  if (expanded.keyHtml !== null) for (const a of parseAttributes(htmlText(expanded.keyHtml))) covered.add(a.name);
  return ` ${key}`;
}

/** Tags (with quoted attribute values, which may hold `>`) in embedded HTML. */
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/** The text of a piece of embedded HTML. */
function htmlText(html: string): string {
  return decodeEntities(html.replace(TAG, ""));
}

/**
 * `name="value"` pairs, each preceded by a space ("" when there are none). With `markup` (HTML
 * to wikitext), attributes that templates or other markup produced are written as that markup.
 */
export function serializeAttributes(el: WElement, skip: ReadonlySet<string> = new Set(), markup?: FragmentSerializer): string {
  const dp = el.dp;
  const withMarkup = markup !== undefined && el.mw !== null && Array.isArray(el.mw["attribs"]) ? markup : null;
  let out = "";
  // Attributes that markup written for an earlier one also wrote (only elements with markup).
  const covered = withMarkup ? new Set<string>() : null;
  for (const attr of el.attrs) {
    const name = attr.name;
    if (covered?.has(name)) continue;
    // Classes the engine adds are not part of the source's class list.
    const value = name === "class" ? attr.value.split(/\s+/).filter((c) => c !== "" && !ENGINE_CLASSES.has(c)).join(" ") : attr.value;
    if (skip.has(name)) continue;
    const fromMarkup = withMarkup && covered ? markupAttribute(el, name, value, withMarkup, covered) : null;
    if (fromMarkup !== null) {
      out += fromMarkup;
      continue;
    }
    const original = dp?.sa?.[name];
    const normalised = dp?.a?.[name];
    // The source's own spelling wins, even where the value looks generated (a shadowed id).
    if (original !== undefined && normalised === attr.value) {
      out += ` ${name}=${quoteValue(original)}`;
      continue;
    }
    if (isConversionAttr(el, name, value) || (name === "class" && value === "" && attr.value !== "")) continue;
    // Attributes the HTML had to rename ("data-x-" + a name reserved for the conversion).
    if (name.startsWith("data-x-")) {
      out += ` ${name.slice(7)}=${quoteValue(escapeValue(value))}`;
      continue;
    }
    if (original !== undefined && (normalised === undefined || normalised === value)) {
      out += ` ${name}=${quoteValue(original)}`;
      continue;
    }
    out += value === "" && dp?.stx === "html" && original === undefined ? ` ${name}=""` : ` ${name}=${quoteValue(escapeValue(value))}`;
  }
  return out + removedAttributes(el, skip);
}

/**
 * Attributes the parse data says the sanitizer dropped (`a` null, `sa` as written): written back
 * as the source had them, bare when they had no value.
 */
function removedAttributes(el: WElement, skip: ReadonlySet<string>): string {
  const a = el.dp?.a;
  const sa = el.dp?.sa;
  if (!a || !sa) return "";
  let out = "";
  for (const name of Object.keys(a)) {
    if (a[name] !== null || skip.has(name) || el.hasAttribute(name)) continue;
    const written = sa[name];
    if (written === undefined) continue;
    out += written === "" ? ` ${name}` : ` ${name}=${quoteValue(written)}`;
  }
  return out;
}
