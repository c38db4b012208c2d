// The tag names that open a tag for the tokenizer besides the raw-text ones: HTML's, the include
// directives, the site's extension and annotation tags. Parsoid's tokenizer takes `<name ...>`
// as a tag only for such a name; after `<` and any other name the text goes on as wikitext, so
// its line breaks, links and templates work as anywhere else (`x<y` + blank line + `a>b` is two
// paragraphs, not one tag shown as text).
import type { SiteConfig } from "../env/site-config.js";
import { HTML_TAG_NAMES } from "../util/html-tags.js";
import { annotationTagNames } from "../ext/annotations.js";

const INCLUDE_DIRECTIVES = ["noinclude", "includeonly", "onlyinclude"];

/**
 * Lower-case names, each once. The tokenizer tries them in this order: the site's extension tags
 * (`<ref>` is most articles' commonest tag) before HTML's.
 */
export function tagNamesOpeningTags(site: SiteConfig): string[] {
  return [...new Set([...site.extensionTags(), ...annotationTagNames(site), ...INCLUDE_DIRECTIVES, ...HTML_TAG_NAMES])];
}
