/**
 * Aggregations: one terms aggregation per configured facet, plus the caller's `aggregations`
 * parameter: `{type: "range", property, ranges: [{from?, to?, key?}], name?}` (from inclusive,
 * to exclusive, keyed buckets) and `{type: "property", property, name}` (terms). Every
 * aggregation is wrapped in a filter aggregation that carries the post-filters of the other
 * properties, which is what lets facet counts ignore the facet's own selection.
 */
import { invalidAggregation } from "../errors";
import { keywordField, valueField, type PropertyInfo, type PropertyTable } from "../properties";
import { parseDate, parseNumber } from "../values";
import type { Json, JsonObject } from "./dsl";
import { isObject } from "./json-param";

export interface NamedAggregation {
  name: string;
  /** Property the aggregation is over (normalised name); post-filters on it are not applied to it. */
  property: string;
  body: JsonObject;
}

export function facetAggregation(info: PropertyInfo, name: string, size: number | undefined): NamedAggregation {
  const terms: JsonObject = { field: keywordField(info) };
  if (size !== undefined && size > 0) terms.size = size;
  return { name, property: info.name, body: { terms } };
}

function rangeBound(info: PropertyInfo, value: unknown, what: string): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  const parsed = typeof value === "string" ? (info.type === "date" ? parseDate(value) ?? parseNumber(value) : parseNumber(value)) : null;
  if (parsed === null) throw invalidAggregation(`"${what}" of a range on "${info.name}" must be a number`);
  return parsed;
}

function rangeEntry(info: PropertyInfo, item: unknown): JsonObject {
  if (!isObject(item)) throw invalidAggregation("each range must be an object");
  const entry: JsonObject = {};
  if (item.from !== undefined && item.from !== null) entry.from = rangeBound(info, item.from, "from");
  if (item.to !== undefined && item.to !== null) entry.to = rangeBound(info, item.to, "to");
  if (item.key !== undefined && item.key !== null) {
    if (typeof item.key !== "string" && typeof item.key !== "number") throw invalidAggregation('a range "key" must be a string');
    // Kept even when it is "0" (the reference drops keys PHP considers falsy).
    entry.key = String(item.key);
  }
  if (typeof entry.from === "number" && typeof entry.to === "number" && entry.from > entry.to) {
    throw invalidAggregation(`a range on "${info.name}" has "from" above "to"`);
  }
  return entry;
}

export function parseAggregation(item: unknown, properties: PropertyTable): NamedAggregation {
  if (!isObject(item)) throw invalidAggregation("each aggregation must be an object");
  if (typeof item.property !== "string" || item.property.trim() === "") throw invalidAggregation('an aggregation needs a "property"');
  if (item.name !== undefined && (typeof item.name !== "string" || item.name === "")) throw invalidAggregation('"name" must be a non-empty string');
  const info = properties.lookup(item.property);
  if (item.type === "range") {
    if (!Array.isArray(item.ranges) || item.ranges.length === 0) throw invalidAggregation('a range aggregation needs a non-empty "ranges" list');
    const ranges: Json[] = item.ranges.map((range) => rangeEntry(info, range));
    return { name: (item.name as string | undefined) ?? info.name, property: info.name, body: { range: { keyed: true, ranges, field: valueField(info) } } };
  }
  if (item.type === "property") {
    if (typeof item.name !== "string") throw invalidAggregation('a property aggregation needs a "name"');
    return { name: item.name, property: info.name, body: { terms: { field: keywordField(info) } } };
  }
  throw invalidAggregation(`unknown aggregation type ${JSON.stringify(item.type)} (use "range" or "property")`);
}

/** Fails on two aggregations with one name: the backend would silently keep only one. */
export function checkUniqueNames(aggregations: readonly NamedAggregation[]): void {
  const seen = new Set<string>();
  for (const { name } of aggregations) {
    if (seen.has(name)) throw invalidAggregation(`the name "${name}" is used by more than one aggregation (facets included)`);
    seen.add(name);
  }
}
