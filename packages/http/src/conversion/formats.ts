/** Content types of the conversion service, with the spec profiles Parsoid announces. */
export const SPEC_BASE = "https://www.mediawiki.org/wiki/Specs";
/** The MediaWiki DOM spec version the engine produces. */
export const HTML_VERSION = "2.8.0";
export const WIKITEXT_VERSION = "1.0.0";

export const HTML_CONTENT_TYPE = `text/html; charset=utf-8; profile="${SPEC_BASE}/HTML/${HTML_VERSION}"`;
export const DATA_PARSER_CONTENT_TYPE = `application/json; charset=utf-8; profile="${SPEC_BASE}/data-parser/${HTML_VERSION}"`;
export const PAGEBUNDLE_CONTENT_TYPE = `application/json; charset=utf-8; profile="${SPEC_BASE}/pagebundle/${HTML_VERSION}"`;
export const WIKITEXT_CONTENT_TYPE = `text/plain; charset=utf-8; profile="${SPEC_BASE}/wikitext/${WIKITEXT_VERSION}"`;

export type OutputFormat = "html" | "pagebundle" | "wikitext" | "lint";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["html", "pagebundle", "wikitext", "lint"];
export type InputFormat = "wikitext" | "html" | "pagebundle";
export const INPUT_FORMATS: readonly InputFormat[] = ["wikitext", "html", "pagebundle"];

export interface PageBundle {
  /** `content-language`: the variant the HTML was converted to. */
  html: { headers: { "content-type": string; "content-language"?: string }; body: string };
  "data-parser": { headers: { "content-type": string }; body: { counter: number; ids: Record<string, unknown> } };
}

export function pageBundle(html: string, dataParser: { counter: number; ids: Record<string, unknown> }, variant?: string): PageBundle {
  return {
    html: { headers: { "content-type": HTML_CONTENT_TYPE, ...(variant !== undefined ? { "content-language": variant } : {}) }, body: html },
    "data-parser": { headers: { "content-type": DATA_PARSER_CONTENT_TYPE }, body: dataParser },
  };
}
