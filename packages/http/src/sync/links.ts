/**
 * Wiki-link targets of a (preprocessed) page text, for telling the client which linked titles
 * exist (red links offline). A single left-to-right pass, no regular expression over the text:
 * `[[Target|label]]` and `[[Target#section]]` give "Target"; file and category links, media,
 * interwiki and invalid targets are skipped, since they do not render as page links.
 */
import { NS_CATEGORY, NS_FILE, Title, type SiteConfig } from "@wikiloom/wikitext";

const MAX_LINKS = 500;
const STOP = new Set(["|", "]", "[", "{", "}", "<", ">", "\n", "#"]);

export function linkTargets(text: string, site: SiteConfig): string[] {
  const found = new Set<string>();
  let at = text.indexOf("[[");
  while (at !== -1 && found.size < MAX_LINKS) {
    let end = at + 2;
    while (end < text.length && !STOP.has(text[end]!)) end++;
    const raw = text.slice(at + 2, end).trim();
    // A leading colon forces a plain link even to files and categories.
    const forced = raw.startsWith(":");
    const title = raw === "" ? null : Title.tryParse(forced ? raw.slice(1) : raw, site);
    if (title && !title.isExternal && title.ns >= 0 && (forced || (title.ns !== NS_FILE && title.ns !== NS_CATEGORY))) found.add(title.prefixedText);
    at = text.indexOf("[[", end);
  }
  return [...found];
}
