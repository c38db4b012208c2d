// URL functions: {{urlencode:}} (QUERY, PATH, WIKI styles), {{anchorencode:}}, and the page URL
// functions {{localurl:}}, {{fullurl:}}, {{canonicalurl:}} with their -e (HTML-escaped) forms.
import type { SiteConfig } from "../../env/site-config.js";
import { Title } from "../../env/title.js";
import { killMarkers, phpUrlencode, rawUrlencode, safeEncodeAttribute, wfUrlencode } from "./php-text.js";
import type { CallContext, ParserFunction } from "./types.js";

export const urlencodeFunction: ParserFunction = {
  name: "urlencode",
  hash: false,
  async call(ctx) {
    const style = ctx.args[0] ? ctx.env.site.magicWordForAlias(await ctx.args[0].whole()) : undefined;
    const text = killMarkers(ctx.first, ctx.env.site.extensionTags());
    if (style === "url_path") return rawUrlencode(text);
    if (style === "url_wiki") return wfUrlencode(text.replace(/ /g, "_"));
    return phpUrlencode(text);
  },
};

/** Link text as a section anchor: link markup and tags removed, whitespace as underscores. */
export function anchorFor(text: string): string {
  const plain = text
    .replace(/\[\[:?([^\]|]*)\|([^\]]*)\]\]/g, "$2")
    .replace(/\[\[:?([^\]|]*)\]\]/g, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, "")
    .trim()
    .replace(/[ \t\n\r\f_]+/g, "_");
  return safeEncodeAttribute(plain);
}

export const anchorencodeFunction: ParserFunction = {
  name: "anchorencode",
  hash: false,
  call: (ctx) => anchorFor(killMarkers(ctx.first, ctx.env.site.extensionTags())),
};

function scriptPath(site: SiteConfig): string {
  const general = site.info.general;
  return general.script ?? `${general.scriptpath}/index.php`;
}

/** Title::getLocalURL: the article path without a query, index.php?title=... with one. */
export function localUrl(site: SiteConfig, title: Title, query: string): string {
  if (title.isExternal) {
    const iw = site.interwiki(title.interwiki);
    const key = wfUrlencode(title.prefixedDbKey.slice(title.interwiki.length + 1));
    let url = iw ? (iw.url.includes("$1") ? iw.url.replace("$1", key) : iw.url + key) : key;
    if (query) url += (url.includes("?") ? "&" : "?") + query;
    return url;
  }
  const key = wfUrlencode(title.prefixedDbKey);
  const fragment = title.fragment ? `#${wfUrlencode(title.fragment.replace(/ /g, "_"))}` : "";
  if (query === "") return site.articlePath.replace("$1", key) + fragment;
  return `${scriptPath(site)}?title=${key}&${query}${fragment}`;
}

async function urlFunction(ctx: CallContext, kind: "local" | "full" | "canonical", escape: boolean): Promise<string> {
  const site = ctx.env.site;
  const title = Title.tryParse(ctx.first, site);
  if (!title) return "";
  const query = ctx.args[0] ? await ctx.args[0].whole() : "";
  let url = localUrl(site, title, query);
  if (!title.isExternal && kind !== "local") {
    const server = site.server;
    url = (kind === "canonical" && server.startsWith("//") ? `https:${server}` : server) + url;
  }
  return escape ? url.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;") : url;
}

export const localurlFunction: ParserFunction = { name: "localurl", hash: false, call: (c) => urlFunction(c, "local", false) };
export const localurleFunction: ParserFunction = { name: "localurle", hash: false, call: (c) => urlFunction(c, "local", true) };
export const fullurlFunction: ParserFunction = { name: "fullurl", hash: false, call: (c) => urlFunction(c, "full", false) };
export const fullurleFunction: ParserFunction = { name: "fullurle", hash: false, call: (c) => urlFunction(c, "full", true) };
export const canonicalurlFunction: ParserFunction = { name: "canonicalurl", hash: false, call: (c) => urlFunction(c, "canonical", false) };
export const canonicalurleFunction: ParserFunction = { name: "canonicalurle", hash: false, call: (c) => urlFunction(c, "canonical", true) };
