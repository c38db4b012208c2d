// A wiki for the extension tests: the preprocessor tests' site with the extension tags listed,
// templates in memory, and one image file (Photo.jpg, 400x200) that scales on request.
import { SiteConfig, type DataAccess, type Env, type FileInfo, type FileRequest } from "../../src/index.js";
import { siteInfo, MemoryData } from "../preprocessor/env.js";

const EXTENSION_TAGS = ["pre", "nowiki", "indicator", "section", "gallery", "ref", "references", "poem", "syntaxhighlight", "source", "templatestyles"];

/** Media options as MediaWiki's English siteinfo names them. */
const MEDIA_WORDS = [
  { name: "img_thumbnail", aliases: ["thumb", "thumbnail"], "case-sensitive": true },
  { name: "img_width", aliases: ["$1px"], "case-sensitive": true },
  { name: "img_upright", aliases: ["upright", "upright=$1", "upright $1"], "case-sensitive": true },
  { name: "img_alt", aliases: ["alt=$1"], "case-sensitive": true },
  { name: "img_link", aliases: ["link=$1"], "case-sensitive": true },
  { name: "img_class", aliases: ["class=$1"], "case-sensitive": true },
];

export const extSite = SiteConfig.fromSiteInfo({
  ...siteInfo,
  magicwords: [...siteInfo.magicwords, ...MEDIA_WORDS],
  extensiontags: EXTENSION_TAGS.map((t) => `<${t}>`),
});

/** Photo.jpg (400x200) exists and scales to any requested box; no other file does. */
async function getFileInfo(requests: readonly FileRequest[]): Promise<Map<string, FileInfo>> {
  const out = new Map<string, FileInfo>();
  for (const r of requests) {
    if (r.name !== "Photo.jpg") continue;
    const info: FileInfo = { width: 400, height: 200, mime: "image/jpeg", url: "http://files.test/Photo.jpg" };
    if (r.width !== undefined || r.height !== undefined) {
      const scale = Math.min(r.width !== undefined ? r.width / 400 : Infinity, r.height !== undefined ? r.height / 200 : Infinity);
      info.thumbwidth = Math.round(400 * scale);
      info.thumbheight = Math.round(200 * scale);
      info.thumburl = `http://files.test/${info.thumbwidth}px-Photo.jpg`;
    }
    out.set(r.name, info);
  }
  return out;
}

export function extEnv(pages: Record<string, string> = {}, title = "Test page"): Env {
  const pageData = new MemoryData(pages);
  const data: DataAccess = {
    getPageSource: (t) => pageData.getPageSource(t),
    getPageExistence: (titles) => pageData.getPageExistence(titles),
    getFileInfo,
  };
  return { site: extSite, page: { title }, data };
}
