// Page-bundle update "variant": the bundle's HTML converted to a language variant of the wiki
// (variants/convert.ts), the document head kept as it is. Parse data is left untouched: the
// converted HTML is for reading; its source is still the page's wikitext.
import type { SiteConfig } from "../env/site-config.js";
import { htmlToDom } from "../html2wt/index.js";
import { serializeChildren } from "../output/serialize.js";
import { convertToVariant, variantConverter, VariantUnsupportedError } from "../variants/convert.js";
import { splitBody } from "./document-parts.js";

/** `html` in the variant `target` (throws VariantUnsupportedError when the site offers none). */
export function updateVariant(html: string, site: SiteConfig, target: string): string {
  const converter = variantConverter(site, target);
  if (converter === null) throw new VariantUnsupportedError(site.lang, target);
  const { before, inner, after } = splitBody(html);
  const body = htmlToDom(inner);
  convertToVariant(body, site, converter);
  return before + serializeChildren(body, { inlineDataParser: false }) + after;
}
