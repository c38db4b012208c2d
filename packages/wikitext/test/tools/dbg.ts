import { readFileSync } from "node:fs";
import { wt2html, SiteConfig, type SiteInfo } from "../../src/index.js";
const dir = "/work/shared/fixtures/parsoid";
const siteinfo = JSON.parse(readFileSync(`${dir}/env/enwiki.siteinfo.json`, "utf8")).query as SiteInfo;
siteinfo.interwikimap = JSON.parse(readFileSync(`${dir}/env/testenv.json`, "utf8")).interwiki;
const site = SiteConfig.fromSiteInfo(siteinfo);
const data = { async getPageSource() { return null; }, async getPageExistence(t: readonly string[]) { return new Map(t.map((x) => [x, { exists: x === "Main Page" }])); }, async getFileInfo() { return new Map(); } };
const src = JSON.parse(process.argv[2]!);
console.log((await wt2html(src, { site, page: { title: "Parser test" }, data }, { bodyOnly: true, inlineDataParser: process.argv.includes("--dp") })).html);
