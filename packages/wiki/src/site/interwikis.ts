/** The interwiki prefixes a new wiki is seeded with: a few Wikimedia projects and languages. */
export interface InterwikiDefinition {
  prefix: string;
  url: string;
  local?: boolean;
  /** Autonym, for interlanguage links. */
  language?: string;
}

const LANGUAGES: [code: string, autonym: string][] = [
  ["de", "Deutsch"],
  ["es", "español"],
  ["fr", "français"],
  ["ja", "日本語"],
];

export function standardInterwikis(): InterwikiDefinition[] {
  return [
    { prefix: "wikipedia", url: "https://en.wikipedia.org/wiki/$1" },
    { prefix: "wiktionary", url: "https://en.wiktionary.org/wiki/$1" },
    { prefix: "commons", url: "https://commons.wikimedia.org/wiki/$1" },
    { prefix: "meta", url: "https://meta.wikimedia.org/wiki/$1" },
    { prefix: "mw", url: "https://www.mediawiki.org/wiki/$1" },
    { prefix: "wikidata", url: "https://www.wikidata.org/wiki/$1" },
    ...LANGUAGES.map(([code, autonym]) => ({ prefix: code, url: `https://${code}.wikipedia.org/wiki/$1`, language: autonym })),
  ];
}
