// Languages written in more than one script or orthography (MediaWiki's LanguageConverter), as
// siteinfo lists them: each variant with the variants it falls back to, and the names the
// wiki shows for them. A wiki in one of these languages reads `-{…}-` as variant markup; the
// engine converts text to the variants it has a converter for (Serbian).
import type { SiteInfo } from "@wikiloom/wikitext";

type Variants = NonNullable<SiteInfo["languagevariants"]>;

export const LANGUAGE_VARIANTS: Variants = {
  sr: { sr: { fallbacks: ["sr-ec"] }, "sr-ec": { fallbacks: ["sr"] }, "sr-el": { fallbacks: ["sr"] } },
  zh: {
    zh: { fallbacks: ["zh-hans", "zh-hant", "zh-cn", "zh-tw", "zh-hk", "zh-sg", "zh-mo", "zh-my"] },
    "zh-cn": { fallbacks: ["zh-hans", "zh-sg", "zh-my"] },
    "zh-hans": { fallbacks: ["zh-cn", "zh-sg", "zh-my"] },
    "zh-hant": { fallbacks: ["zh-tw", "zh-hk", "zh-mo"] },
    "zh-hk": { fallbacks: ["zh-mo", "zh-hant", "zh-tw"] },
    "zh-mo": { fallbacks: ["zh-hk", "zh-hant", "zh-tw"] },
    "zh-my": { fallbacks: ["zh-sg", "zh-hans", "zh-cn"] },
    "zh-sg": { fallbacks: ["zh-my", "zh-hans", "zh-cn"] },
    "zh-tw": { fallbacks: ["zh-hant", "zh-hk", "zh-mo"] },
  },
};

const VARIANT_NAMES: Record<string, string> = {
  sr: "Ћир./lat.", "sr-ec": "Ћирилица", "sr-el": "Latinica",
  zh: "不转换", "zh-hans": "简体", "zh-hant": "繁體", "zh-cn": "大陆简体", "zh-hk": "香港繁體", "zh-mo": "澳門繁體", "zh-my": "大马简体", "zh-sg": "新加坡简体", "zh-tw": "臺灣正體",
};

/** siteinfo's `general.variants` for a wiki language: code and name of each variant (none when it has none). */
export function variantsOf(lang: string): Array<{ code: string; name: string }> {
  return Object.keys(LANGUAGE_VARIANTS[lang] ?? {}).map((code) => ({ code, name: VARIANT_NAMES[code] ?? code }));
}
