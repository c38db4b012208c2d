// The extension handlers the engine knows. A handler only acts for a site that lists its tag in
// siteinfo `extensiontags`; unknown tags stay with the sanitizer (shown as text).
import type { SiteConfig } from "../env/site-config.js";
import type { ExtensionHandler } from "./types.js";
import { indicator } from "./indicator.js";
import { labeledSection } from "./section.js";
import { parserTestTags } from "./parser-test-tags.js";
import { gallery } from "./gallery/gallery.js";
import { ref, references } from "./cite/handlers.js";
import { poem } from "./poem.js";
import { syntaxHighlight } from "./syntaxhighlight.js";
import { rawHtml } from "./raw-html.js";
import { memoizedPerObject } from "../util/memo.js";

const HANDLERS: readonly ExtensionHandler[] = [indicator, labeledSection, gallery, ref, references, poem, syntaxHighlight, rawHtml, ...parserTestTags];

const BY_NAME = new Map<string, ExtensionHandler>();
for (const h of HANDLERS) for (const name of h.names) BY_NAME.set(name, h);

export function extensionHandlerFor(site: SiteConfig, name: string): ExtensionHandler | null {
  const handler = BY_NAME.get(name);
  return handler && site.isExtensionTag(name) ? handler : null;
}

/** Names of the site's extension tags that have a handler (their content is raw for the tokenizer). */
export const enabledExtensionTags = memoizedPerObject(
  (site: SiteConfig): readonly string[] => [...BY_NAME.keys()].filter((name) => site.isExtensionTag(name)),
);

/** The same names as a set. */
export const enabledExtensionTagSet = memoizedPerObject(
  (site: SiteConfig): ReadonlySet<string> => new Set(enabledExtensionTags(site)),
);
