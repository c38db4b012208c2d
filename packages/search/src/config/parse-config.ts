/**
 * `{{#wikisearchconfig: ...}}`: each argument is a facet (`Tag`, `Namespace=namespace` with a
 * display translation, `Subpage.Foobar` faceting on the chain's last property), a result
 * property (`?Title`), or a search parameter (`default operator=and`, or a bare flag such as
 * `include default search term properties`). Unknown `key=value` pairs are facets with a
 * translation, exactly as the reference treats them.
 */

export const SEARCH_PARAMETER_KEYS = [
  "base query",
  "highlighted properties",
  "search term properties",
  "default operator",
  "aggregation size",
  "post filter properties",
  "highlighter type",
  "result template",
  "fallback sorts",
  "include default search term properties",
] as const;

export type SearchParameterKey = (typeof SEARCH_PARAMETER_KEYS)[number];

/** What a configuration page stores; `parameters` keeps the raw values in argument order. */
export interface SearchConfig {
  facets: string[];
  translations: Record<string, string>;
  resultProperties: string[];
  parameters: { key: SearchParameterKey; value: string }[];
}

function isParameterKey(key: string): key is SearchParameterKey {
  return (SEARCH_PARAMETER_KEYS as readonly string[]).includes(key);
}

/** `Subpage.Foobar^5` → `Foobar`: a facet aggregates the last property of a chain, weights do not apply. */
function facetName(text: string): string {
  const unweighted = text.split("^")[0]!.trim();
  const chain = unweighted.split(".");
  return chain[chain.length - 1]!.trim();
}

function addUnique(list: string[], value: string): void {
  if (value !== "" && !list.includes(value)) list.push(value);
}

export function parseConfigArgs(args: readonly string[]): SearchConfig {
  const config: SearchConfig = { facets: [], translations: {}, resultProperties: [], parameters: [] };
  for (const raw of args) {
    const arg = raw.trim();
    if (arg === "") continue;
    if (arg.startsWith("?")) {
      addUnique(config.resultProperties, arg.replace(/^\?+/, "").trim());
      continue;
    }
    const eq = arg.indexOf("=");
    const key = (eq === -1 ? arg : arg.slice(0, eq)).trim();
    if (isParameterKey(key)) {
      // The value is stored as written after "=" (the reference keeps its leading space); readers trim.
      const value = eq === -1 ? "" : arg.slice(eq + 1);
      const existing = config.parameters.findIndex((p) => p.key === key);
      if (existing !== -1) config.parameters.splice(existing, 1);
      config.parameters.push({ key, value });
      continue;
    }
    const name = facetName(key);
    addUnique(config.facets, name);
    if (eq !== -1) config.translations[name] = arg.slice(eq + 1).trim();
  }
  return config;
}

export function isEmptyConfig(config: SearchConfig): boolean {
  return config.facets.length === 0 && config.resultProperties.length === 0 && config.parameters.length === 0;
}
