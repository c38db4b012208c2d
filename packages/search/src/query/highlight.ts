/**
 * The `highlight` section: which fields get snippets, with the tags the frontend looks for.
 * Fields: the configuration's highlighted properties, else its search term properties, else the
 * page text, the copy of property values and attachment content.
 */
import type { SearchParameters } from "../config/search-parameters";
import { fieldOf } from "../config/search-parameters";
import type { PropertyTable } from "../properties";
import type { JsonObject } from "./dsl";

export const HIGHLIGHT_PRE = "{@@_HIGHLIGHT_@@";
export const HIGHLIGHT_POST = "@@_HIGHLIGHT_@@}";
export const DEFAULT_FRAGMENT_SIZE = 250;

export interface HighlightField {
  field: string;
  searchSubfield: boolean;
}

const DEFAULT_FIELDS: HighlightField[] = [
  { field: "text_raw", searchSubfield: true },
  { field: "text_copy", searchSubfield: true },
  { field: "attachment.content", searchSubfield: false },
];

export function highlightSection(
  fields: readonly HighlightField[],
  options: { fragmentSize: number; fragments: number; type?: string },
): JsonObject {
  const out: JsonObject = {};
  for (const { field, searchSubfield } of fields) {
    const entry: JsonObject = { fragment_size: options.fragmentSize, number_of_fragments: options.fragments };
    if (options.type) entry.type = options.type;
    if (searchSubfield) entry.matched_fields = [field, `${field}.search`];
    out[field] = entry;
  }
  return { pre_tags: [HIGHLIGHT_PRE], post_tags: [HIGHLIGHT_POST], fields: out };
}

export function searchHighlightFields(parameters: SearchParameters, properties: PropertyTable): HighlightField[] {
  if (parameters.highlightedProperties) return parameters.highlightedProperties.map((name) => fieldOf(name, properties));
  if (parameters.searchTermProperties) {
    const seen = new Set<string>();
    return parameters.searchTermProperties
      .filter(({ field }) => !seen.has(field) && Boolean(seen.add(field)))
      .map(({ field, searchSubfield }) => ({ field, searchSubfield }));
  }
  return DEFAULT_FIELDS;
}
