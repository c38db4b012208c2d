/**
 * The configuration's `base query`, written in SMW's #ask condition syntax, as a backend filter
 * every search is restricted to. Supported: `[[Prop::Value]]`, alternatives `[[Prop::A||B]]`,
 * comparisons `>` (at least) and `<` (at most) on numbers and dates, `!` (not), `+` (any value).
 * Page values match by page id when the page exists (`P:<id>.wpgID`), else by title.
 */
import { SearchError } from "../errors";
import { keywordField, pageIdField, valueField, type PropertyInfo, type PropertyTable } from "../properties";
import { normalizeValue } from "../values";
import type { Json, JsonObject } from "./dsl";

export interface BaseQueryEnv {
  properties: PropertyTable;
  normalizeTitle(text: string): string | null;
  pageIdOf?(title: string): Promise<number | null>;
}

const CONDITION = /\[\[([^\]]*?)::([^\]]*)\]\]/g;

function invalid(why: string): SearchError {
  return new SearchError("wikisearch-invalid-base-query", `The configuration's base query is not supported: ${why}.`);
}

async function valueClause(info: PropertyInfo, raw: string, env: BaseQueryEnv): Promise<{ query: JsonObject; negate: boolean }> {
  let text = raw.trim();
  if (text === "+") return { query: { exists: { field: valueField(info) } }, negate: false };
  const negate = text.startsWith("!");
  if (negate) text = text.slice(1).trim();
  const comparator = /^(>|<|≥|≤)/.exec(text)?.[1];
  if (comparator) text = text.slice(comparator.length).trim();
  const value = normalizeValue(info.type, text, env.normalizeTitle);
  if (value === null) throw invalid(`"${raw.trim()}" is not a valid value of "${info.name}"`);
  if (comparator) {
    if (value.num === null) throw invalid(`"${info.name}" is not a number or date property, it cannot be compared`);
    const bound = comparator === ">" || comparator === "≥" ? "gte" : "lte";
    return { query: { range: { [valueField(info)]: { [bound]: value.num } } }, negate };
  }
  if (info.type === "page") {
    const id = env.pageIdOf ? await env.pageIdOf(value.keyword) : null;
    if (id !== null) return { query: { term: { [pageIdField(info)]: id } }, negate };
  }
  return { query: { term: { [keywordField(info)]: value.num ?? value.keyword } }, negate };
}

export async function baseQueryFilter(ask: string, env: BaseQueryEnv): Promise<JsonObject> {
  const filter: Json[] = [];
  const mustNot: Json[] = [];
  let consumed = ask;
  for (const match of ask.matchAll(CONDITION)) {
    consumed = consumed.replace(match[0], "");
    const info = env.properties.lookup(match[1]!);
    const alternatives = await Promise.all(match[2]!.split("||").map((alt) => valueClause(info, alt, env)));
    if (alternatives.length === 1) {
      const [only] = alternatives;
      (only!.negate ? mustNot : filter).push(only!.query);
    } else {
      if (alternatives.some((alt) => alt.negate)) throw invalid("negated alternatives are not supported");
      filter.push({ bool: { should: alternatives.map((alt) => alt.query), minimum_should_match: 1 } });
    }
  }
  if (consumed.trim() !== "") throw invalid(`only [[Property::Value]] conditions are supported, not "${consumed.trim()}"`);
  const bool: JsonObject = {};
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return { bool };
}
