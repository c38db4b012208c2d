// Picks the handler for an element: typed content first (transclusions, extensions, media,
// links, typed spans), then the tag name. Anything else is written as an HTML tag.
import { languageVariantHandler } from "./language-variant.js";
import { indexInParent, type WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import { extensionHandler } from "./extension.js";
import { annotationHandler, extendedAnnotationRangeHandler } from "./annotation.js";
import { externalImageHandler, extLinkHandler, isExternalImage } from "./ext-link.js";
import { headingHandler } from "./heading.js";
import { horizontalRuleHandler } from "./rule.js";
import { htmlTagHandler } from "./html-tag.js";
import { indentPreHandler } from "./indent-pre.js";
import { lineBreakHandler } from "./line-break.js";
import { listHandler, listItemHandler } from "./list.js";
import { mediaHandler } from "./media.js";
import { mediaLinkHandler } from "./media-link.js";
import { behaviourSwitchHandler, categoryHandler, languageLinkHandler, redirectHandler } from "./page-prop.js";
import { paragraphHandler } from "./paragraph.js";
import { boldHandler, italicHandler } from "./quote.js";
import { tableCaptionHandler, tableCellHandler, tableHandler, tableRowHandler, tableSectionHandler } from "./table.js";
import { transclusionHandler } from "./transclusion.js";
import { displaySpaceHandler, entityHandler, nowikiHandler, sourcePlaceholderHandler } from "./typed-span.js";
import type { NodeHandler } from "./types.js";
import { wikiLinkHandler } from "./wiki-link.js";
import { interwikiTarget, isLocalPageHref, localTitleFromUrl } from "./link-target.js";
import { serializeAttributes } from "./attributes.js";
import { isPlainImage, linkedPlainImage, plainImageHandler } from "./plain-image.js";

const containerHandler: NodeHandler = {
  serialize: (el, s) => s.serializeChildren(el),
};

/** Nodes the engine adds for readers (legacy anchors): no source behind them. */
const generatedContentHandler: NodeHandler = {
  serialize() {},
};

/** <noinclude>/<includeonly>/<onlyinclude> markers (meta typeof mw:Includes/...): their tags. */
const includeMarkerHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    // An <includeonly>'s content is not on the page: its start marker keeps its whole source.
    const whole = el.mw?.["src"];
    if (typeof whole === "string") return s.emit(whole);
    const m = /mw:Includes\/(NoInclude|IncludeOnly|OnlyInclude)(\/End)?/.exec(el.getAttribute("typeof") ?? "");
    if (!m) return;
    if (m[1] === "IncludeOnly" && m[2] && startWroteWholeSource(el, s)) return;
    s.emit(`<${m[2] ? "/" : ""}${m[1]!.toLowerCase()}>`);
  },
};

/** Whether the <includeonly> start marker before this end marker wrote the end tag too. */
function startWroteWholeSource(end: WElement, s: Serializer): boolean {
  const start = end.parent?.children[s.indexOfSibling(end) - 1];
  return start !== undefined && start.kind === "element" && typeof start.mw?.["src"] === "string" && /mw:Includes\/IncludeOnly(?!\/)/.test(start.getAttribute("typeof") ?? "");
}

const BY_TAG: Record<string, NodeHandler> = {
  p: paragraphHandler,
  h1: headingHandler, h2: headingHandler, h3: headingHandler, h4: headingHandler, h5: headingHandler, h6: headingHandler,
  i: italicHandler,
  b: boldHandler,
  ul: listHandler, ol: listHandler, dl: listHandler,
  li: listItemHandler, dt: listItemHandler, dd: listItemHandler,
  table: tableHandler,
  tbody: tableSectionHandler, thead: tableSectionHandler, tfoot: tableSectionHandler,
  tr: tableRowHandler,
  td: tableCellHandler, th: tableCellHandler,
  caption: tableCaptionHandler,
  hr: horizontalRuleHandler,
  br: lineBreakHandler,
  body: containerHandler,
};

function typedHandler(el: WElement, type: string, s: Serializer): NodeHandler | null {
  if (type.includes("mw:Transclusion") || type.includes("mw:Param")) return withFirstWikitextNodeLayout(el, transclusionHandler, s);
  if (type.includes("mw:Extension/")) return extensionHandler(s.serializeFragment);
  // Media whose options a template wrote several of is its source (wt2html's media Placeholder).
  if (type.includes("mw:Placeholder") && typeof el.dp?.src === "string") return sourcePlaceholderHandler;
  // (A caption kept in data-mw is link text: its lines start no line syntax.)
  if (/mw:(File|Image|Audio|Video)\b/.test(type)) return mediaHandler((html) => s.serializeFragment(html, { link: "wiki" }));
  if (type.includes("mw:Entity")) return entityHandler;
  if (type.includes("mw:Nowiki")) return nowikiHandler;
  if (type.includes("mw:DisplaySpace")) return displaySpaceHandler;
  if (type.includes("mw:Placeholder")) return sourcePlaceholderHandler;
  if (type.includes("mw:FallbackId")) return generatedContentHandler;
  if (type.includes("mw:Includes/")) return includeMarkerHandler;
  if (type.includes("mw:Annotation/")) return annotationHandler;
  if (type.includes("mw:ExtendedAnnRange")) return extendedAnnotationRangeHandler;
  if (type.includes("mw:LanguageVariant")) return languageVariantHandler;
  return null;
}

function linkHandler(el: WElement, rel: string, s: Serializer): NodeHandler | null {
  if (el.name === "link" || el.name === "a") {
    if (rel.includes("mw:PageProp/Category")) return categoryHandler;
    if (rel.includes("mw:PageProp/Language")) return languageLinkHandler;
    if (rel.includes("mw:PageProp/redirect")) return redirectHandler;
  }
  if (el.name !== "a") return null;
  if (rel.includes("mw:WikiLink")) return wikiLinkHandler;
  if (rel.includes("mw:MediaLink")) return mediaLinkHandler;
  if (rel.includes("mw:ExtLink")) {
    const href = el.getAttribute("href") ?? "";
    // A relative href ("./fr:Foo", "fr%3AFoo") or this wiki's own article URL points into the wiki.
    return href.startsWith("./") || localTitleFromUrl(href, s.env.site) !== null || isBareRelativeHref(href) ? wikiLinkHandler : extLinkHandler;
  }
  return null;
}

/** <a> without link typing (HTML from other renderers): by where its href points. */
function untypedLinkHandler(el: WElement, s: Serializer): NodeHandler | null {
  const href = el.getAttribute("href");
  if (el.name !== "a") return null;
  if (href === null) return anchorWithoutHrefHandler;
  if (isLocalPageHref(href, s.env.site)) return wikiLinkHandler;
  // MediaWiki marks interwiki links with the class extiw.
  if ((el.getAttribute("class") ?? "").split(/\s+/).includes("extiw")) return wikiLinkHandler;
  // A URL of a wiki this one has an interwiki prefix for is an interwiki link (as Parsoid reads it).
  if (/^https?:\/\//i.test(href) && interwikiTarget(href, s.env.site) !== null) return wikiLinkHandler;
  if (SCHEME_OR_NETWORK_PATH.test(href)) return extLinkHandler;
  return isRelativePagePath(href) ? wikiLinkHandler : null;
}

/** An href with a scheme ("https:", "mailto:") or a network path ("//host"). */
const SCHEME_OR_NETWORK_PATH = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A bare relative href ("fr%3AFoo") names a page of this wiki. */
function isBareRelativeHref(href: string): boolean {
  return !SCHEME_OR_NETWORK_PATH.test(href) && isRelativePagePath(href);
}

/** A path with no query or fragment that is not rooted ("Foo", "fr%3AFoo"; not "/w/x"). */
function isRelativePagePath(href: string): boolean {
  return /^[^/?#][^?#]*$/.test(href);
}

/**
 * <a> without href links nowhere: only its content is written; a named anchor keeps its
 * attributes on a span (wikitext has no <a> tag).
 */
const anchorWithoutHrefHandler: NodeHandler = {
  serialize(el, s) {
    const attrs = serializeAttributes(el, new Set(["class"]));
    if (attrs === "") return s.serializeChildren(el);
    s.emit(`<span${attrs}>`);
    s.serializeChildren(el);
    s.emit("</span>");
  },
};

/**
 * Content whose source starts with a block's syntax before the template ("{|" + a template
 * writing rows): Parsoid names that block in the parse data (firstWikitextNode), and the
 * block's newline needs hold before the content.
 */
function withFirstWikitextNodeLayout(el: WElement, handler: NodeHandler, s: Serializer): NodeHandler {
  const named = el.dp?.["firstWikitextNode"];
  if (typeof named === "string") {
    const block = BY_TAG[named.toLowerCase()];
    return block?.before ? { ...handler, before: block.before } : handler;
  }
  // The node the source starts with answers for its own layout (its syntax is what it asks by).
  const unfostered = firstUnfosteredSibling(el);
  const before = unfostered ? handlerFor(unfostered, s).before : undefined;
  if (!unfostered || !before) return handler;
  return { ...handler, before: (_el, prev, state) => before(unfostered, prev, state) };
}

/**
 * Without the parse data's name for it: when the transclusion's first node is content fostered
 * out of its table, the source starts with the table (fostering moved the content before it),
 * so the first of its about-siblings that stayed in place is what the wikitext starts with.
 */
function firstUnfosteredSibling(el: WElement): WElement | undefined {
  if (el.dp?.fostered !== true) return undefined;
  const about = el.getAttribute("about");
  const siblings = el.parent?.children;
  if (about === null || !siblings) return undefined;
  for (let i = indexInParent(el) + 1; i < siblings.length; i++) {
    const sib = siblings[i]!;
    if (sib.kind !== "element") continue;
    if (sib.getAttribute("about") !== about) return undefined;
    if (sib.dp?.fostered !== true) return sib;
  }
  return undefined;
}

export function handlerFor(el: WElement, s: Serializer): NodeHandler {
  const type = el.getAttribute("typeof");
  if (type !== null) {
    const typed = typedHandler(el, type, s);
    if (typed) return typed;
  }
  const rel = el.getAttribute("rel");
  if (rel !== null) {
    const link = linkHandler(el, rel, s);
    if (link) return link;
  }
  // An image of other HTML naming a file page of this wiki (alone or linked) is media syntax.
  if ((el.name === "img" || (el.name === "a" && rel === null)) && type === null && (el.name === "img" ? isPlainImage(el, s) : linkedPlainImage(el, s) !== null)) return plainImageHandler;
  if (el.name === "a" && (rel === null || !rel.includes("mw:"))) {
    const untyped = untypedLinkHandler(el, s);
    if (untyped) return untyped;
  }
  if (el.name === "meta" && (el.getAttribute("property") ?? "").startsWith("mw:PageProp/")) return behaviourSwitchHandler;
  if (el.name === "img" && isExternalImage(el)) return externalImageHandler;
  if (el.name === "pre" && el.dp?.stx !== "html") return indentPreHandler;
  if (el.name === "section" && el.hasAttribute("data-mw-section-id")) return containerHandler;
  return BY_TAG[el.name] ?? htmlTagHandler;
}
