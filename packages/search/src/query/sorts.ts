/**
 * Sorting: the caller's `sortings` (`{type: "property", property, order?}`), then relevance,
 * then the configuration's fallback sorts. Ascending sorts use a field's smallest value,
 * descending its largest (multi-valued properties). The field is the keyword subfield, as the
 * reference sends it; executors order numeric and date properties numerically all the same.
 */
import type { FallbackSort } from "../config/search-parameters";
import { invalidSort } from "../errors";
import { keywordField, type PropertyTable } from "../properties";
import type { JsonObject } from "./dsl";
import { isObject } from "./json-param";

export function propertySort(field: string, order: "asc" | "desc" | undefined): JsonObject {
  if (order === undefined) return { [field]: {} };
  return { [field]: { mode: order === "asc" ? "min" : "max", order } };
}

export function parseSort(item: unknown, properties: PropertyTable): JsonObject {
  if (!isObject(item)) throw invalidSort("each sort must be an object");
  if (item.type !== "property") throw invalidSort(`unknown sort type ${JSON.stringify(item.type)} (use "property")`);
  if (typeof item.property !== "string" || item.property.trim() === "") throw invalidSort('a property sort needs a "property"');
  if (item.order !== undefined && item.order !== "asc" && item.order !== "desc") throw invalidSort('"order" must be "asc" or "desc"');
  return propertySort(keywordField(properties.lookup(item.property)), item.order);
}

export function fallbackSorts(sorts: readonly FallbackSort[], properties: PropertyTable): JsonObject[] {
  return sorts.map((sort) => propertySort(keywordField(properties.lookup(sort.property)), sort.order));
}

export const RELEVANCE_SORT: JsonObject = { _score: { order: "desc" } };
