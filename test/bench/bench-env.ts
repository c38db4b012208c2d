import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SiteConfig } from "@wikiloom/wikitext";
import { PARSOID_FIXTURES_DIR } from "../conformance/fixtures.js";
import {
  FixtureDataAccess,
  MockFileRepo,
  type ParserTestEnv,
  unwrapSiteInfo,
} from "../../packages/wikitext/src/testing/index.js";

/**
 * The environment the benchmark converts articles in: English Wikipedia's real configuration
 * and an empty wiki (no pages, no files), so every conversion does the same lookups a fresh wiki
 * would and no time goes to fetching templates.
 */
export function benchmarkEnvFactory(): (title: string) => ParserTestEnv {
  const site = SiteConfig.fromSiteInfo(unwrapSiteInfo(JSON.parse(readFileSync(join(PARSOID_FIXTURES_DIR, "env/enwiki.siteinfo.json"), "utf8"))));
  const files = new MockFileRepo({ image_base_url: "http://example.com/images", files: {} });
  return (title) => ({
    site,
    page: { title },
    data: new FixtureDataAccess({ site, pages: [], files }),
  });
}
