/**
 * Semantic properties as the search backend sees them: a name, a numeric id (the `P:<id>` of
 * every field name) and a type that picks the field suffix. The same table drives the query
 * builder, the indexer and the embedded executor, so a field name always means one thing.
 */

export type PropertyType = "page" | "text" | "number" | "boolean" | "url" | "date" | "geo";

export interface PropertyInfo {
  /** Display name, e.g. "Average rating". */
  name: string;
  /** Internal key: "_MDAT" for predefined properties, else the name with underscores. */
  key: string;
  id: number;
  type: PropertyType;
}

/** Resolves property names; unknown names resolve to id 0 and type page, as the reference does. */
export interface PropertyTable {
  lookup(name: string): PropertyInfo;
}

const SUFFIX: Record<PropertyType, string> = {
  page: "wpg", text: "txt", number: "num", boolean: "boo", url: "uri", date: "dat", geo: "geo",
};

export const TYPE_BY_SUFFIX: Record<string, PropertyType> = Object.fromEntries(
  Object.entries(SUFFIX).map(([type, suffix]) => [suffix, type as PropertyType]),
);

/** Names accepted in `[[Has type::...]]`, lower-cased. */
const DECLARED_TYPES: Record<string, PropertyType> = {
  page: "page", text: "text", string: "text", number: "number", quantity: "number", boolean: "boolean",
  url: "url", email: "url", date: "date", geographic_coordinate: "geo", "geographic coordinate": "geo",
};

export function declaredType(text: string): PropertyType | null {
  return DECLARED_TYPES[text.trim().toLowerCase()] ?? null;
}

/** Predefined properties every page has (SMW's ids). */
export const MODIFICATION_DATE: PropertyInfo = { name: "Modification date", key: "_MDAT", id: 29, type: "date" };
export const DISPLAY_TITLE: PropertyInfo = { name: "Display title of", key: "_DTITLE", id: 16, type: "text" };
export const PREDEFINED: readonly PropertyInfo[] = [MODIFICATION_DATE, DISPLAY_TITLE];

/** "average_rating" and "average rating" name the same property as "Average rating". */
export function normalizePropertyName(name: string): string {
  const text = name.replace(/_/g, " ").replace(/\s+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `P:103.numField` */
export function valueField(info: PropertyInfo): string {
  return `P:${info.id}.${SUFFIX[info.type]}Field`;
}

/** Field for exact matches, terms aggregations and sorts; booleans and geo have no keyword subfield. */
export function keywordField(info: PropertyInfo): string {
  const field = valueField(info);
  return info.type === "boolean" || info.type === "geo" ? field : `${field}.keyword`;
}

/** Identifier field of page values (`P:108.wpgID`), used by chained queries. */
export function pageIdField(info: PropertyInfo): string {
  return `P:${info.id}.wpgID`;
}

/** Only text fields carry the `.search` subfield (whitespace + lowercase + ascii folding). */
export function hasSearchSubfield(info: PropertyInfo): boolean {
  return info.type === "text";
}

/** A property table over a fixed list (tests, and the snapshot the indexer builds per wiki). */
export class StaticPropertyTable implements PropertyTable {
  private readonly byName = new Map<string, PropertyInfo>();

  constructor(properties: Iterable<PropertyInfo>) {
    for (const info of PREDEFINED) this.byName.set(info.name, info);
    for (const info of properties) this.byName.set(normalizePropertyName(info.name), info);
  }

  lookup(name: string): PropertyInfo {
    const normalized = normalizePropertyName(name);
    return this.byName.get(normalized) ?? { name: normalized, key: normalized.replace(/ /g, "_"), id: 0, type: "page" };
  }

  all(): PropertyInfo[] {
    return [...this.byName.values()];
  }
}
