// The page-name family: {{PAGENAME}}, {{FULLPAGENAME}}, {{BASEPAGENAME}}, {{ROOTPAGENAME}},
// {{SUBPAGENAME}}, {{TALKPAGENAME}}, {{SUBJECTPAGENAME}}, {{NAMESPACE}}, {{NAMESPACENUMBER}},
// {{TALKSPACE}}, {{SUBJECTSPACE}} and their E (URL-encoded) forms, as variables of the page and
// as functions of a title argument ({{PAGENAME:Foo/Bar}}).
import type { SiteConfig } from "../../env/site-config.js";
import { Title } from "../../env/title.js";
import { escapeWikiText, wfUrlencode } from "./php-text.js";
import type { CallContext, MagicVariable, ParserFunction } from "./types.js";

type NamePart = (title: Title, site: SiteConfig) => string | null;

function hasSubpages(title: Title, site: SiteConfig): boolean {
  return site.namespace(title.ns)?.subpages ?? false;
}

function talk(title: Title): Title | null {
  return title.canHaveTalkPage ? title.talkPage() : null;
}

const PARTS: Record<string, NamePart> = {
  fullpagename: (t) => t.prefixedText,
  pagename: (t) => t.text,
  basepagename: (t, site) => (hasSubpages(t, site) && t.text.includes("/") ? t.text.slice(0, t.text.lastIndexOf("/")) : t.text),
  rootpagename: (t, site) => (hasSubpages(t, site) && t.text.includes("/") ? t.text.slice(0, t.text.indexOf("/")) : t.text),
  subpagename: (t, site) => (hasSubpages(t, site) && t.text.includes("/") ? t.text.slice(t.text.lastIndexOf("/") + 1) : t.text),
  talkpagename: (t) => talk(t)?.prefixedText ?? null,
  subjectpagename: (t) => t.subjectPage().prefixedText,
  namespace: (t) => t.namespaceName,
  talkspace: (t) => talk(t)?.namespaceName ?? null,
  subjectspace: (t) => t.subjectPage().namespaceName,
};

/** Value of one page-name word for a title; the E forms use underscores and URL encoding. */
export function pageNameValue(word: string, title: Title, site: SiteConfig): string {
  if (word === "namespacenumber") return String(title.ns);
  const encoded = word.endsWith("e") && PARTS[word.slice(0, -1)] !== undefined && PARTS[word] === undefined;
  const part = PARTS[encoded ? word.slice(0, -1) : word];
  const value = part?.(title, site) ?? "";
  return encoded ? wfUrlencode(value.replace(/ /g, "_")) : escapeWikiText(value);
}

export const PAGE_NAME_WORDS = [
  ...Object.keys(PARTS).flatMap((w) => [w, `${w}e`]),
  "namespacenumber",
];

function pageTitle(ctx: CallContext): Title | null {
  return ctx.page;
}

export const pageNameVariables: MagicVariable[] = PAGE_NAME_WORDS.map((name) => ({
  name,
  get(ctx) {
    const title = pageTitle(ctx);
    return title ? pageNameValue(name, title, ctx.env.site) : "";
  },
}));

export const pageNameFunctions: ParserFunction[] = PAGE_NAME_WORDS.map((name) => ({
  name,
  hash: false,
  call(ctx) {
    const title = ctx.first === "" ? pageTitle(ctx) : Title.tryParse(ctx.first, ctx.env.site);
    return title ? pageNameValue(name, title, ctx.env.site) : "";
  },
}));
