// The environment fuzzing and the XSS checks convert in: English Wikipedia's real configuration
// (extension tags, parser functions such as #tag and #if) when ../shared holds it, else the engine
// tests' small self-contained site, plus a set of page sources so templates can be transcluded.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SiteConfig, type Env, type SiteInfo } from "@wikiloom/wikitext";
import { FixtureDataAccess, MockFileRepo, unwrapSiteInfo, type FixturePage } from "../../packages/wikitext/src/testing/index.js";
import { siteInfo as selfContainedSiteInfo } from "../../packages/wikitext/test/helpers/env.js";
import { PARSOID_FIXTURES_DIR } from "../conformance/fixtures.js";

const ENWIKI_SITEINFO = join(PARSOID_FIXTURES_DIR, "env/enwiki.siteinfo.json");

let cachedSite: SiteConfig | null = null;

/** Whether the real site configuration was found (else the small test site stands in). */
export function realSiteConfigAvailable(): boolean {
  return existsSync(ENWIKI_SITEINFO);
}

function site(): SiteConfig {
  if (!cachedSite) {
    const info: SiteInfo = realSiteConfigAvailable() ? unwrapSiteInfo(JSON.parse(readFileSync(ENWIKI_SITEINFO, "utf8"))) : selfContainedSiteInfo;
    cachedSite = SiteConfig.fromSiteInfo(info);
  }
  return cachedSite;
}

/** An environment for page `title` on a wiki holding `pages` (e.g. templates) and one image. */
export function fuzzEnv(pages: readonly FixturePage[] = [], title = "Fuzz page"): Env {
  const config = site();
  const files = new MockFileRepo({
    image_base_url: "http://example.com/images",
    files: { "Foobar.jpg": { size: 7881, width: 1941, height: 220, bits: 8, mime: "image/jpeg" } },
  });
  return { site: config, page: { title }, data: new FixtureDataAccess({ site: config, pages: [...pages, { title, text: "" }], files }) };
}
