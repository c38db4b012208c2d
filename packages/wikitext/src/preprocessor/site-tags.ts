// The site's extension tag names as one array per site. SiteConfig.extensionTags() makes a new
// array per call, and the tree builder looks its tag tables up by the array it is given: every
// `<ref>` body is preprocessed on its own, so that lookup happens thousands of times per page.
import type { SiteConfig } from "../env/site-config.js";

const tagsBySite = new WeakMap<SiteConfig, readonly string[]>();

/** The extension tags of `site` (a site's tags never change once it is configured). */
export function siteExtensionTags(site: SiteConfig): readonly string[] {
  let tags = tagsBySite.get(site);
  if (!tags) {
    tags = Object.freeze(site.extensionTags());
    tagsBySite.set(site, tags);
  }
  return tags;
}
