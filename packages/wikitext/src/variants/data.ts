// The data-mw-variant of a language-variant element (MediaWiki DOM spec): what its `-{…}-`
// markup does. Texts are HTML; top-level members other than these are boolean flags
// (add, remove, title, describe, error).
import type { WElement } from "../dom/node.js";
import { parseJsonObject } from "../util/json-object.js";

export interface VariantData {
  disabled?: { t?: string };
  name?: { t?: string };
  filter?: { l?: string[]; t?: string };
  twoway?: Array<{ l: string; t?: string }>;
  oneway?: Array<{ f?: string; l: string; t?: string }>;
  [flag: string]: unknown;
}

/** The element's data-mw-variant; null when missing or malformed. */
export function variantData(el: WElement): VariantData | null {
  return parseJsonObject(el.getAttribute("data-mw-variant")) as VariantData | null;
}
