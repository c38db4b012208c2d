// A self-contained environment for the linter's tests: the engine tests' small wiki plus a few
// templates and the image magic words (no ../shared needed).
import { SiteConfig, type Env } from "../../src/index.js";
import { makeEnv, siteInfo } from "../helpers/env.js";

const templates: Record<string, string> = {
  "Template:1x": "{{{1}}}",
  "Template:Gallery args": "<gallery>File:{{{1|a}}}.jpg</gallery>",
};

const lintSiteInfo = {
  ...siteInfo,
  magicwords: [
    ...siteInfo.magicwords,
    { name: "img_width", aliases: ["$1px"], "case-sensitive": true },
    { name: "img_left", aliases: ["left"], "case-sensitive": true },
    { name: "img_link", aliases: ["link=$1"], "case-sensitive": true },
    { name: "img_alt", aliases: ["alt=$1"], "case-sensitive": true },
  ],
  extensiontags: [...siteInfo.extensiontags, "<gallery>"],
};

/** `extensionTags` adds extension tags to the site (e.g. ["ref", "poem"]). */
export function lintEnv(title = "Test page", extensionTags: readonly string[] = []): Env {
  const env = makeEnv({}, title);
  const info = extensionTags.length === 0 ? lintSiteInfo : { ...lintSiteInfo, extensiontags: [...lintSiteInfo.extensiontags, ...extensionTags.map((t) => `<${t}>`)] };
  const site = SiteConfig.fromSiteInfo(info);
  return {
    site,
    page: env.page,
    data: {
      ...env.data,
      async getPageSource(name: string) {
        const source = templates[name];
        return source === undefined ? null : { title: name, revid: 1, source };
      },
    },
  };
}
