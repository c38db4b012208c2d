/** Facts about a page text that the store records with each revision. */
import { createHash } from "node:crypto";

/**
 * The text as saved: NFC (MediaWiki normalises all request input to it), Unix line ends, and no
 * trailing whitespace (the pre-save transform trims it), so "same text" means the same bytes.
 */
export function normalizeText(text: string): string {
  return text.normalize("NFC").replace(/\r\n?/g, "\n").trimEnd();
}

export function sha1Hex(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

// "#REDIRECT [[Target]]" at the very start of the page, as the redirect magic word is matched.
const REDIRECT = /^\s*#REDIRECT\s*:?\s*\[\[[^\]\n]+\]\]/i;

export function isRedirect(text: string, contentModel: string): boolean {
  return contentModel === "wikitext" && REDIRECT.test(text);
}

const NS_USER = 2;
const NS_MEDIAWIKI = 8;

/** Content model by title, as MediaWiki assigns it to site and user scripts and styles. */
export function contentModelFor(ns: number, dbKey: string): string {
  if (ns === NS_MEDIAWIKI || (ns === NS_USER && dbKey.includes("/"))) {
    if (dbKey.endsWith(".css")) return "css";
    if (dbKey.endsWith(".js")) return "javascript";
    if (dbKey.endsWith(".json")) return "json";
  }
  return "wikitext";
}
