// The full HTML document around the body, as the MediaWiki DOM spec 2.8.0 describes it: RDFa
// prefixes, charset, the HTML version metas, the page's identity and the base href that makes
// `./Title` links resolve against the wiki's article path.
import type { SiteConfig } from "../env/site-config.js";
import type { PageConfig } from "../env/data-access.js";
import { pageLanguage } from "../engine-env.js";
import { escapeAttr, escapeText } from "./serialize.js";

export const HTML_VERSION = "2.8.0";

function articleBase(site: SiteConfig): string {
  const path = site.articlePath.replace(/\$1.*$/, "");
  return site.server + path;
}

export function wrapDocument(bodyHtml: string, site: SiteConfig, page: PageConfig): string {
  const base = articleBase(site);
  const titleKey = page.title.replace(/ /g, "_");
  const lang = pageLanguage(site, page);
  const dir = site.info.general.rtl ? "rtl" : "ltr";
  const about = page.revid !== undefined ? `${base}Special:Redirect/revision/${page.revid}` : `${base}${encodeURI(titleKey)}`;
  const head = [
    `<meta charset="utf-8"/>`,
    page.revid !== undefined ? `<meta property="mw:revisionId" content="${page.revid}"/>` : "",
    `<meta property="mw:htmlVersion" content="${HTML_VERSION}"/>`,
    `<meta property="mw:html:version" content="${HTML_VERSION}"/>`,
    `<link rel="dc:isVersionOf" href="${escapeAttr(base + encodeURI(titleKey))}"/>`,
    `<base href="${escapeAttr(base)}"/>`,
    `<title>${escapeText(page.title)}</title>`,
    `<meta http-equiv="content-language" content="${escapeAttr(lang)}"/>`,
    `<meta http-equiv="vary" content="Accept"/>`,
  ].join("");
  return `<!DOCTYPE html>\n<html prefix="dc: http://purl.org/dc/terms/ mw: http://mediawiki.org/rdf/" about="${escapeAttr(about)}">` +
    `<head prefix="mwr: ${escapeAttr(base)}Special:Redirect/">${head}</head>` +
    `<body lang="${escapeAttr(lang)}" class="mw-content-${dir} sitedir-${dir} ${dir} mw-body-content parsoid-body mediawiki mw-parser-output" dir="${dir}" data-mw-html-version="${HTML_VERSION}">` +
    bodyHtml + `</body></html>`;
}
