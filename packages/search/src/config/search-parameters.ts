/**
 * The typed reading of a configuration's search parameters (the reference's
 * getSearchParameter): lists split on commas, weights and property chains parsed, flags and
 * sizes coerced. Absent parameters are `undefined`.
 */
import { hasSearchSubfield, valueField, type PropertyTable } from "../properties";
import type { SearchConfig, SearchParameterKey } from "./parse-config";

/** A field the free-text term is matched against. Chained ones (`Pdf.attachment-content`) run a sub-query. */
export interface SearchTermProperty {
  /** The chain as written, e.g. ["Pdf", "attachment-content"]. */
  chain: string[];
  /** Backend field of the chain's last element. */
  field: string;
  weight: number;
  chained: boolean;
  /** Whether the field has a `.search` subfield that is queried alongside it. */
  searchSubfield: boolean;
}

export interface FallbackSort {
  property: string;
  order?: "asc" | "desc";
}

export interface SearchParameters {
  baseQuery?: string;
  highlightedProperties?: string[];
  searchTermProperties?: SearchTermProperty[];
  defaultOperator: "or" | "and";
  aggregationSize?: number;
  postFilterProperties: string[];
  highlighterType?: string;
  resultTemplate?: string;
  fallbackSorts: FallbackSort[];
  includeDefaultSearchTermProperties: boolean;
}

/** Fields that are not properties: the page text, the copy of all property values, attachments. */
const SPECIAL_FIELDS: Record<string, { field: string; searchSubfield: boolean }> = {
  "attachment-content": { field: "attachment.content", searchSubfield: false },
  "attachment-title": { field: "attachment.title", searchSubfield: false },
  text_raw: { field: "text_raw", searchSubfield: true },
  text_copy: { field: "text_copy", searchSubfield: true },
};

/** The backend field for a property name or special field name. */
export function fieldOf(name: string, properties: PropertyTable): { field: string; searchSubfield: boolean } {
  const special = SPECIAL_FIELDS[name.trim()];
  if (special) return special;
  const info = properties.lookup(name);
  return { field: valueField(info), searchSubfield: hasSearchSubfield(info) };
}

function splitList(value: string): string[] {
  return value.split(",").map((item) => item.trim()).filter((item) => item !== "");
}

/** PHP's intval: leading digits, else 0. */
function intval(value: string): number {
  const match = /^\s*([-+]?\d+)/.exec(value);
  return match ? parseInt(match[1]!, 10) : 0;
}

function truthy(value: string): boolean {
  return ["1", "true", "on", "yes"].includes(value.trim().toLowerCase());
}

export function parseSearchTermProperty(text: string, properties: PropertyTable): SearchTermProperty {
  const [path = "", weightText] = text.split("^");
  const weight = weightText !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(weightText) ? Number(weightText) : 1;
  const chain = path.split(".").map((part) => part.trim());
  const last = chain[chain.length - 1]!;
  const { field, searchSubfield } = fieldOf(last, properties);
  return { chain, field, weight, chained: chain.length > 1, searchSubfield };
}

/** `Title.desc`, `Subpage.Foobar.up`, `Title`: an optional order suffix after the property (chain). */
export function parseFallbackSort(text: string): FallbackSort {
  const parts = text.split(".").map((part) => part.trim());
  const suffix = parts[parts.length - 1]!.toLowerCase();
  const order = suffix === "asc" || suffix === "up" ? "asc" : suffix === "desc" || suffix === "down" ? "desc" : undefined;
  if (order && parts.length > 1) parts.pop();
  return order ? { property: parts[parts.length - 1]!, order } : { property: parts[parts.length - 1]! };
}

export function readSearchParameters(config: SearchConfig, properties: PropertyTable): SearchParameters {
  const raw = new Map<SearchParameterKey, string>(config.parameters.map((p) => [p.key, p.value]));
  const text = (key: SearchParameterKey) => {
    const value = raw.get(key);
    return value === undefined ? undefined : value.trim();
  };
  const operator = text("default operator")?.toLowerCase();
  const size = text("aggregation size");
  return {
    baseQuery: text("base query") || undefined,
    highlightedProperties: raw.has("highlighted properties") ? splitList(text("highlighted properties")!) : undefined,
    searchTermProperties: raw.has("search term properties")
      ? splitList(text("search term properties")!).map((item) => parseSearchTermProperty(item, properties))
      : undefined,
    defaultOperator: operator === "and" ? "and" : "or",
    aggregationSize: size === undefined ? undefined : intval(size),
    postFilterProperties: splitList(text("post filter properties") ?? ""),
    highlighterType: text("highlighter type") || undefined,
    resultTemplate: text("result template") || undefined,
    fallbackSorts: splitList(text("fallback sorts") ?? "").map(parseFallbackSort),
    includeDefaultSearchTermProperties: truthy(text("include default search term properties") ?? ""),
  };
}
