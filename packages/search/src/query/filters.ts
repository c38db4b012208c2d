/**
 * The `filter` parameter: each object becomes one backend clause on a property.
 *
 *   {key, value}             PropertyValueFilter   term on the keyword field
 *   {key, value: [...]}      PropertyValuesFilter  terms
 *   {key, value: "+"}        HasPropertyFilter     exists
 *   {key, value, type:query} PropertyTextFilter    query_string (simple query syntax)
 *   {key, range: {...}}      PropertyRangeFilter   range (gte/gt/lte/lt, or from/to inclusive)
 *
 * plus `negate: true` on any of them. Ranges deliberately differ from the reference (v8), which
 * only recognised integer gte+lte pairs: single bounds, strict bounds, fractional bounds and
 * date strings (on date properties) are honoured, keeping the reference's `{boost, from, to}`
 * shape with `include_lower`/`include_upper` for strict bounds.
 */
import { invalidFilter } from "../errors";
import { hasSearchSubfield, keywordField, valueField, type PropertyInfo, type PropertyTable } from "../properties";
import { parseDate, parseNumber } from "../values";
import { filterOf, queryString, type Clause, type Json, type JsonObject } from "./dsl";
import { isObject } from "./json-param";
import { prepareTerm } from "./prepare-term";

export interface PropertyFilter extends Clause {
  /** The property the filter is on (normalised name), for post-filter routing. */
  property: string;
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean";
}

/** A range bound as a number: numbers as given; text parsed by the property's type (dates → Julian day). */
function boundValue(info: PropertyInfo, name: string, value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const parsed = info.type === "date" ? parseDate(value) ?? parseNumber(value) : parseNumber(value);
    if (parsed !== null) return parsed;
  }
  throw invalidFilter(`the bound "${name}" of the range on "${info.name}" must be a number${info.type === "date" ? " or a date" : ""}`);
}

function rangeQuery(info: PropertyInfo, range: unknown): JsonObject {
  if (!isObject(range)) throw invalidFilter(`"range" on "${info.name}" must be an object`);
  const unknown = Object.keys(range).filter((key) => !["gte", "gt", "lte", "lt", "from", "to"].includes(key));
  if (unknown.length > 0) throw invalidFilter(`unknown range bound "${unknown[0]}"`);
  const lowers = (["gte", "gt", "from"] as const).filter((key) => range[key] !== undefined && range[key] !== null);
  const uppers = (["lte", "lt", "to"] as const).filter((key) => range[key] !== undefined && range[key] !== null);
  if (lowers.length > 1 || uppers.length > 1) throw invalidFilter(`the range on "${info.name}" has more than one lower or upper bound`);
  if (lowers.length === 0 && uppers.length === 0) throw invalidFilter(`the range on "${info.name}" has no bound`);
  const body: JsonObject = { boost: 1 };
  const lowerKey = lowers[0];
  const upperKey = uppers[0];
  const lower = lowerKey ? boundValue(info, lowerKey, range[lowerKey]) : undefined;
  const upper = upperKey ? boundValue(info, upperKey, range[upperKey]) : undefined;
  if (lower !== undefined && upper !== undefined && lower > upper) {
    throw invalidFilter(`the range on "${info.name}" has its lower bound above its upper bound`);
  }
  if (lower !== undefined) body.from = lower;
  if (upper !== undefined) body.to = upper;
  if (lowerKey === "gt") body.include_lower = false;
  if (upperKey === "lt") body.include_upper = false;
  return { range: { [valueField(info)]: body } };
}

/** query_string fields of a property, with the `.search` subfield where the mapping has one. */
export function propertySearchFields(info: PropertyInfo, weight = 1): string[] {
  const field = valueField(info);
  return hasSearchSubfield(info) ? [`${field}^${weight}`, `${field}.search^${weight}`] : [`${field}^${weight}`];
}

function valueQuery(info: PropertyInfo, filter: Record<string, unknown>, operator: "or" | "and"): JsonObject {
  const value = filter.value;
  if (filter.type !== undefined) {
    if (filter.type !== "query") throw invalidFilter(`unknown filter type ${JSON.stringify(filter.type)} (only "query" is supported)`);
    if (typeof value !== "string") throw invalidFilter(`the value of a "query" filter on "${info.name}" must be a string`);
    return filterOf(queryString(prepareTerm(value), propertySearchFields(info), operator));
  }
  if (value === "+") return filterOf({ exists: { field: valueField(info) } });
  if (Array.isArray(value)) {
    if (value.length === 0 || !value.every(isScalar)) throw invalidFilter(`the values on "${info.name}" must be a non-empty list of strings, numbers or booleans`);
    return filterOf({ terms: { [keywordField(info)]: value as Json[] } });
  }
  if (isScalar(value)) return filterOf({ term: { [keywordField(info)]: value } });
  throw invalidFilter(`the value on "${info.name}" must be a string, number, boolean or list`);
}

export function parseFilter(item: unknown, properties: PropertyTable, operator: "or" | "and"): PropertyFilter {
  if (!isObject(item)) throw invalidFilter("each filter must be an object");
  if (typeof item.key !== "string" || item.key.trim() === "") throw invalidFilter('a filter needs a "key" naming a property');
  if (item.negate !== undefined && typeof item.negate !== "boolean") throw invalidFilter('"negate" must be true or false');
  const info = properties.lookup(item.key);
  let query: JsonObject;
  if (item.range !== undefined) query = rangeQuery(info, item.range);
  else if (item.value !== undefined) query = valueQuery(info, item, operator);
  else throw invalidFilter(`the filter on "${info.name}" needs a "value" or a "range"`);
  return { property: info.name, query, negate: item.negate === true };
}

export function parseFilters(items: readonly unknown[], properties: PropertyTable, operator: "or" | "and"): PropertyFilter[] {
  return items.map((item) => parseFilter(item, properties, operator));
}
