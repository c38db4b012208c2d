/** Per-wiki settings kept as JSON in Wiki.settings, with the defaults a new wiki gets. */
export interface WikiSettings {
  /** Title of the main page. */
  mainPage: string;
  /** Server as siteinfo reports it; empty means "//<domain>" (the HTTP layer may know better). */
  server: string;
  /** PHP character class of the characters allowed in titles. */
  legalTitleChars: string;
  /** Largest page text, in bytes ($wgMaxArticleSize). */
  maxArticleSize: number;
  /** PHP regex of the letters glued to a link's end ("[[cat]]s"). */
  linkTrail: string;
  timezone: string;
}

export const DEFAULT_SETTINGS: WikiSettings = {
  mainPage: "Main Page",
  server: "",
  legalTitleChars: " %!\"$&'()*,\\-.\\/0-9:;=?@A-Z\\\\^_`a-z~\\x80-\\xFF+",
  maxArticleSize: 2048 * 1024,
  linkTrail: "/^([a-z]+)(.*)$/sD",
  timezone: "UTC",
};

/** Reads stored settings, tolerating missing keys and a damaged value (defaults win). */
export function settingsOf(raw: Record<string, unknown>): WikiSettings {
  const pick = <K extends keyof WikiSettings>(key: K): WikiSettings[K] => {
    const value = raw[key];
    return typeof value === typeof DEFAULT_SETTINGS[key] ? (value as WikiSettings[K]) : DEFAULT_SETTINGS[key];
  };
  return {
    mainPage: pick("mainPage"),
    server: pick("server"),
    legalTitleChars: pick("legalTitleChars"),
    maxArticleSize: pick("maxArticleSize"),
    linkTrail: pick("linkTrail"),
    timezone: pick("timezone"),
  };
}

export function parseSettingsJson(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
