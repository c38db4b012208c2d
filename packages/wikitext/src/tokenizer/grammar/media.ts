// Media: `[[File:Name.jpg|options|caption]]` becomes Parsoid's media structure — a <figure>
// (thumb, frame, or aligned) or an inline <span>, typeof mw:File[/Thumb|/Frame|/Frameless],
// holding a link and an <img>. Option names come from the wiki's img_* magic words. The image
// itself (src, sizes, srcset) is filled in after tree building by the media DOM pass, which asks
// the environment for all files of the document at once.
import { K_PIPE, K_DOUBLE_PIPE, K_NEWLINE, K_TABLE_START, K_TABLE_END } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import { inline } from "./inline.js";
import { startTag, endTag, selfClosing, attr, type AttrSource } from "../tokens.js";
import type { Attr } from "../../dom/node.js";
import { Title, NS_FILE } from "../../env/title.js";
import type { SiteConfig } from "../../env/site-config.js";
import { startsWithProtocol } from "./wikilink.js";
import { decodeEntities } from "../../util/entities.js";
import { encodeTitlePath, encodeFragment, interwikiUrl } from "../../util/href.js";
import { requestFragment } from "../../ext/grammar.js";
import { hrefSource } from "./attr-sources.js";
import type { FragmentRequest } from "../../ext/types.js";
import { plainText } from "../../ext/text.js";
import { embeddedHtml, embeddedText } from "../../output/embedded-html.js";
import { memoizedPerObject } from "../../util/memo.js";

/** What the media DOM pass needs to render the image. */
export interface MediaRequest {
  /** File name without namespace, with spaces. */
  name: string;
  /** Requested box (from `NNNpx`, `xNNpx`, or the default thumbnail width). */
  width?: number;
  height?: number;
  format: "" | "thumb" | "frame" | "frameless";
  upright?: number;
  /** Whether the width was chosen by default (thumbnails). */
  defaultWidth: boolean;
  /**
   * `thumb=Other.png`: the file shown instead, always at its natural size. The name without
   * namespace, or "" when the option names no valid title.
   */
  manualThumb?: string;
  /** `page=N` of a multi-page file. */
  page?: number;
  /** `lang=xx`: the language to render (SVG translations). */
  lang?: string;
  /** A player's start and end (seconds), from TimedMediaHandler's `start=`/`end=`. */
  start?: number;
  end?: number;
  /** `link=` and `alt=` as written: a player has no use for them, so it records them instead. */
  linkOption?: string;
  altOption?: string;
}

interface OptionMatcher {
  name: string;
  /** Exact alias (no parameter) or prefix/suffix around `$1`. */
  exact?: string;
  prefix?: string;
  suffix?: string;
}

const FALLBACK_ALIASES: Record<string, string[]> = {
  img_thumbnail: ["thumb", "thumbnail"], img_manualthumb: ["thumbnail=$1", "thumb=$1"], img_framed: ["frame", "framed", "enframed"],
  img_frameless: ["frameless"], img_border: ["border"], img_left: ["left"], img_right: ["right"], img_center: ["center", "centre"],
  img_none: ["none"], img_baseline: ["baseline"], img_sub: ["sub"], img_super: ["super", "sup"], img_top: ["top"],
  img_text_top: ["text-top"], img_middle: ["middle"], img_bottom: ["bottom"], img_text_bottom: ["text-bottom"],
  img_width: ["$1px"], img_upright: ["upright", "upright=$1", "upright $1"], img_link: ["link=$1"], img_alt: ["alt=$1"],
  img_class: ["class=$1"], img_lang: ["lang=$1"], img_page: ["page=$1", "page $1"],
  // TimedMediaHandler's: where a player starts and ends.
  timedmedia_starttime: ["start=$1"], timedmedia_endtime: ["end=$1"],
};

/** An option's canonical key (Parsoid's optList `ck`): its magic word without the family prefix. */
function optionKey(name: string): string {
  return name.replace(/^(?:img|timedmedia)_/, "");
}

/** `[[h:]m:]s[.f]` as seconds; null when it is none. */
function parseMediaTime(value: string): number | null {
  const parts = value.trim().split(":");
  if (parts.length > 3 || parts.some((p) => !/^\d+(?:\.\d+)?$/.test(p))) return null;
  return parts.reduce((total, p) => total * 60 + Number(p), 0);
}

const matchers = memoizedPerObject((site: SiteConfig): OptionMatcher[] => {
  const list: OptionMatcher[] = [];
  for (const name of Object.keys(FALLBACK_ALIASES)) {
    const aliases = site.magicWord(name)?.aliases ?? FALLBACK_ALIASES[name]!;
    for (const alias of aliases) {
      const at = alias.indexOf("$1");
      if (at < 0) list.push({ name, exact: alias.toLowerCase() });
      else list.push({ name, prefix: alias.slice(0, at).toLowerCase(), suffix: alias.slice(at + 2).toLowerCase() });
    }
  }
  return list;
});

/** The option an argument is, with its parameter; null for a caption. */
function classify(site: SiteConfig, arg: string): { name: string; value: string; prefix: number } | null {
  const lower = arg.toLowerCase();
  for (const m of matchers(site)) {
    if (m.exact !== undefined) {
      if (lower === m.exact) return { name: m.name, value: "", prefix: 0 };
    } else if (lower.startsWith(m.prefix!) && lower.endsWith(m.suffix!) && lower.length >= m.prefix!.length + m.suffix!.length) {
      const value = arg.slice(m.prefix!.length, arg.length - m.suffix!.length);
      if (m.name === "img_width" && !/^\d*(?:x\d+)?\s*(?:px)?$/.test(value.trim())) continue;
      if (m.name === "img_upright" && value !== "" && !/^\s*[0-9.]+\s*$/.test(value)) continue;
      return { name: m.name, value, prefix: m.prefix!.length };
    }
  }
  return null;
}

/**
 * A caption that parses to its own text: no character that starts markup (links, tags,
 * entities, quotes, magic words, signatures, URLs) or takes French spacing, and no magic-link
 * keyword.
 */
const PLAIN_CAPTION = /^(?![\s\S]*\b(?:ISBN|RFC|PMID)\b)[^&<>[\]{}'_~:\n|=*#;?!«»-]*$/;

/** Characters without which an alt text is plain text (no markup to keep in data-mw). */
const ALT_MARKUP = /['[<&{_~]/;

/**
 * Where an option was written, when a template wrote part of it or (alt) it holds markup: the
 * expanded-attributes pass renders it into data-mw attribs.
 */
function optionSource(g: Grammar, raw: string, at: number, option: { name: string; value: string; prefix: number }): AttrSource | null {
  const lead = raw.length - raw.trimStart().length;
  const start = at + lead;
  const end = start + raw.trim().length;
  const templated = g.templated?.(start, end) ?? false;
  const always = option.name === "img_alt" && ALT_MARKUP.test(option.value);
  if (!templated && !always) return null;
  g.hasAttrSources = true;
  const trail = raw.slice(lead + raw.trim().length);
  const media = { prefix: option.prefix > 0 ? option.prefix : null, always, lead: raw.slice(0, lead), trail, silent: templated && isUrlWithTemplate(g, option, start) };
  return { name: optionKey(option.name), key: null, value: [start, end], media };
}

/**
 * A `link=` value written as a URL that a template only continues (`link=http://x{{1x|y}}`):
 * Parsoid reads it as one external link and takes its href, recording no expanded attribute
 * (the option's source stays in optList), and the template is the option's, not encapsulated.
 */
function isUrlWithTemplate(g: Grammar, option: { name: string; value: string; prefix: number }, start: number): boolean {
  if (option.name !== "img_link") return false;
  const valueStart = start + option.prefix;
  return !(g.templated?.(valueStart, valueStart + 1) ?? false) && startsWithProtocol(g, option.value.trim());
}

/** Whether the separator at token k is template output (a `{{!}}` as written is the page's own). */
function isTemplatePipe(g: Grammar, k: number): boolean {
  if (!(g.templated?.(g.start(k), g.end(k)) ?? false)) return false;
  return g.pageSource === null || g.pageSource(g.start(k), g.end(k)) !== "{{!}}";
}

/**
 * Options a template wrote several of (`[[File:x.jpg|{{attribs}}]]` giving `right|Caption`)
 * cannot be told apart in data-mw: as in Parsoid the media is a mw:Placeholder keeping its
 * source, and its templates are its own (one silent source over all options consumes them, so
 * no transclusion wraps the media and no expanded attribute is recorded).
 */
function optionsPlaceholder(g: Grammar, pipe: number, close: number): AttrSource {
  g.hasAttrSources = true;
  return { name: "options", key: null, value: [g.end(pipe), g.start(close)], media: { prefix: null, always: false, lead: "", trail: "", silent: true } };
}

/** The default thumbnail width: siteinfo defaultoptions.thumbsize (an index into thumblimits). */
function defaultThumbWidth(site: SiteConfig): number {
  const options = site.info["defaultoptions"] as { thumbsize?: number } | undefined;
  const limits = site.info.general["thumblimits"] as number[] | undefined;
  const size = options?.thumbsize;
  if (typeof size === "number") {
    if (limits && size >= 0 && size < limits.length) return limits[size]!;
    if (size > 20) return size;
  }
  return 180;
}

/**
 * The request to parse the caption text [from, to) on its own. A caption holding templates is
 * parsed from the page source, templates and all, so that their transclusions are encapsulated
 * inside the caption (and are no longer the page's), unless a template produced its edges.
 */
function captionFragment(g: Grammar, from: number, to: number): FragmentRequest {
  const spans = g.templatedSpans;
  const written = spans !== null && spans.templated(from, to) ? (g.sourceOfWholeTemplates?.(from, to) ?? null) : null;
  if (written === null) return requestFragment(g, g.src.slice(from, to), "caption", from);
  spans!.consume(from, to);
  return requestFragment(g, written, "caption");
}

/** Whether tokens [from, to) hold a line break. */
function spansLines(g: Grammar, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (g.kind(k) === K_NEWLINE) return true;
  return false;
}

export function media(g: Grammar, i: number, pipe: number, close: number, title: Title): number {
  const site = g.env.site;
  // Split the options at top-level pipes.
  const segments: Array<[number, number]> = [];
  // A template that wrote several options (their separating pipe): see optionsPlaceholder.
  let optionsFromTemplate = false;
  // (Only for a link the page wrote: a template's own media link has its own pipes.)
  const linkWritten = !(g.templated?.(g.start(i), g.end(i)) ?? false);
  if (pipe >= 0) {
    let from = pipe + 1;
    // Pipes of a table in a caption (on later lines) belong to the table.
    let tables = 0;
    for (let k = pipe + 1; k < close; k++) {
      const inner = g.linkClose[k]!;
      if (inner > 0 && inner < close) {
        k = inner;
        continue;
      }
      const kind = g.kind(k);
      if (kind === K_TABLE_START) tables++;
      else if (kind === K_TABLE_END) tables = Math.max(0, tables - 1);
      // (Nor do the pipes of language-variant markup: its flags and rules are its own.)
      else if (tables === 0 && (kind === K_PIPE || kind === K_DOUBLE_PIPE) && !g.inLanguageVariant(g.start(k))) {
        if (linkWritten && !optionsFromTemplate && isTemplatePipe(g, k)) optionsFromTemplate = true;
        segments.push([from, k]);
        // `||` is two separators around an empty option.
        if (kind === K_DOUBLE_PIPE) segments.push([k, k]);
        from = k + 1;
      }
    }
    segments.push([from, close]);
  }
  let format: MediaRequest["format"] = "";
  let halign = "";
  let valign = "";
  let border = false;
  let width: number | undefined;
  let height: number | undefined;
  let upright: number | undefined;
  let link: string | undefined;
  let alt: string | undefined;
  let manualThumb: string | undefined;
  let page: number | undefined;
  let lang: string | undefined;
  const classes: string[] = [];
  let caption: [number, number] | null = null;
  // The options as written, in order, with their canonical names (Parsoid's `optList`): html2wt
  // writes back the original spelling and order of every option the edit left alone.
  const optList: Array<{ ck: string; ak: string }> = [];
  let optionSources: AttrSource[] = [];
  // The caption and alt text written last (only they count) and where they stand: one is
  // replaced at each repetition instead of searching every option so far (n captions or alt
  // texts were n² steps).
  let captionEntry: { ck: string; ak: string } | null = null;
  let altIndex = -1;
  let replacedAlt = false;
  const timed: Array<[string, string, number]> = [];
  for (const [from, to] of segments) {
    const raw = from < to ? g.src.slice(g.start(from), g.start(to)) : "";
    const arg = raw.trim();
    if (arg === "" && from === to) {
      optList.push({ ck: "bogus", ak: "" });
      continue;
    }
    const option = classify(site, arg);
    if (!option) {
      // Only the last caption counts; the earlier ones stay in the source with no effect.
      if (captionEntry) captionEntry.ck = "bogus";
      captionEntry = { ck: "caption", ak: raw };
      optList.push(captionEntry);
      caption = [from, to];
      continue;
    }
    const entry = { ck: optionKey(option.name), ak: raw };
    optList.push(entry);
    const written = optionSource(g, raw, g.start(from), option);
    if (written) {
      written.media!.option = entry;
      // Only the last alt text counts.
      if (written.name === "alt") {
        if (altIndex >= 0) replacedAlt = true;
        altIndex = optionSources.length;
      }
      optionSources.push(written);
    }
    switch (option.name) {
      case "img_thumbnail": if (!format) format = "thumb"; break;
      case "img_manualthumb":
        // A format option like the others: only the first format counts.
        if (!format) {
          format = "thumb";
          manualThumb = option.value.trim();
        }
        break;
      case "img_framed": if (!format) format = "frame"; break;
      case "img_frameless": if (!format) format = "frameless"; break;
      case "img_border": border = true; break;
      case "img_left": case "img_right": case "img_center": case "img_none":
        if (!halign) halign = option.name.slice(4);
        break;
      case "img_baseline": case "img_sub": case "img_super": case "img_top": case "img_text_top":
      case "img_middle": case "img_bottom": case "img_text_bottom":
        if (!valign) valign = option.name.slice(4).replace("_", "-");
        break;
      case "img_width": {
        const m = /^(\d*)(?:x(\d+))?/.exec(option.value.trim())!;
        width = m[1] ? Number(m[1]) : undefined;
        height = m[2] ? Number(m[2]) : undefined;
        break;
      }
      case "img_upright": upright = option.value.trim() ? Number(option.value) : 0.75; break;
      case "img_link": link = decodeEntities(option.value.trim()); break;
      case "img_alt": alt = decodeEntities(option.value); break;
      case "img_page": {
        const n = Number(option.value.trim());
        if (Number.isInteger(n) && n > 0) page = n;
        break;
      }
      case "img_lang": lang = decodeEntities(option.value).trim().toLowerCase() || undefined; break;
      case "timedmedia_starttime": case "timedmedia_endtime": {
        const seconds = parseMediaTime(option.value);
        if (seconds !== null) timed.push([option.name === "timedmedia_starttime" ? "starttime" : "endtime", option.value.trim(), seconds]);
        break;
      }
      case "img_class": classes.push(...decodeEntities(option.value).trim().split(/\s+/).filter(Boolean)); break;
    }
  }
  const block = format === "thumb" || format === "frame" || halign !== "";
  const wrapper = block ? "figure" : "span";
  const explicitSize = width !== undefined || height !== undefined;
  const cls: string[] = [];
  // A manual thumbnail is shown as it is: no size applies, not even the default one.
  if (!explicitSize && format !== "frame" && manualThumb === undefined) cls.push("mw-default-size");
  if (halign) cls.push(`mw-halign-${halign}`);
  // Vertical alignment is about the line an inline image sits in: a figure has none.
  if (valign && !block) cls.push(`mw-valign-${valign}`);
  if (border) cls.push("mw-image-border");
  cls.push(...classes);
  let typeOf = "mw:File" + (format === "thumb" ? "/Thumb" : format === "frame" ? "/Frame" : format === "frameless" ? "/Frameless" : "");
  if (optionsFromTemplate) {
    typeOf += " mw:Placeholder";
    optionSources = [optionsPlaceholder(g, pipe, close)];
  }
  const wrapperAttrs: Attr[] = [];
  if (cls.length > 0) wrapperAttrs.push(attr("class", cls.join(" ")));
  wrapperAttrs.push(attr("typeof", typeOf));

  if (replacedAlt) {
    // Only the last alt text counts: the earlier ones go, in one pass.
    const last = optionSources[altIndex];
    optionSources = optionSources.filter((o) => o.name !== "alt" || o === last);
  }
  const captionText = caption ? decodeEntities(g.src.slice(g.start(caption[0]), g.start(caption[1])).trim()) : "";
  const s = g.start(i);
  const e = g.end(close);
  const open = startTag(wrapper, wrapperAttrs, optList.length > 0 ? { tsr: [s, e], stx: "media", optList } : { tsr: [s, e], stx: "media" });
  if (optionsFromTemplate && g.pageSource) open.dp.src = g.pageSource(s, e);
  const manualThumbTitle = manualThumb ? Title.tryParse(manualThumb, site, NS_FILE) : null;
  const attribs: Array<[string, { txt: string }]> = [];
  // link= to a page: written as a title, or as a wikilink; percent-escapes decoded once.
  let linkTitle: Title | null = null;
  const linkIsUrl = link !== undefined && (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(link) || /^(mailto|news|tel|urn|geo):/i.test(link));
  if (link !== undefined && link !== "" && !linkIsUrl) {
    // Bold and italic markup is no part of a title: the option's text is what counts.
    const bare = (/^\[\[([^\[\]]*)\]\]$/.exec(link)?.[1] ?? link).replace(/''+/g, "");
    let decoded = bare;
    try {
      decoded = decodeURIComponent(bare);
    } catch {
      // Not a valid escape sequence: the title is taken as written.
    }
    linkTitle = /%[0-9a-f]{2}/i.test(decoded) ? null : Title.tryParse(decoded, site);
    // A link to no valid title leaves the default link; the option is kept for html2wt.
    if (!linkTitle) attribs.push(["link", { txt: link }]);
  }
  if (manualThumb !== undefined) attribs.push(["manualthumb", { txt: manualThumb }]);
  if (page !== undefined) attribs.push(["page", { txt: String(page) }]);
  for (const [name, txt] of timed) attribs.push([name, { txt }]);
  if (attribs.length > 0) open.mw = { ...open.mw, attribs };
  // An inline image keeps its caption as HTML in data-mw (parsed after the grammar run); until
  // then, and where parsing is not possible, the decoded text stands in.
  let inlineCaption: FragmentRequest | null = null;
  if (!block && captionText) {
    const rawCaption = g.src.slice(g.start(caption![0]), g.start(caption![1]));
    if (PLAIN_CAPTION.test(rawCaption)) {
      // Nothing in it that wikitext would turn into markup: its HTML is the text itself.
      const html = embeddedText(rawCaption);
      open.mw = { ...open.mw, caption: html };
      open.dp["captionHtml"] = html;
    } else {
      open.mw = { ...open.mw, caption: captionText };
      // (A caption on several lines is link text: no list items, later lines may hold blocks.)
      inlineCaption = requestFragment(g, rawCaption, rawCaption.includes("\n") ? "caption" : "inline");
      open.aux = { fragment: inlineCaption };
    }
  }
  if (optionSources.length > 0) open.aux = { ...open.aux, attrSources: optionSources };
  g.out.push(open);

  // The link around the image.
  const fileHref = title.relativeHref;
  // Without a thumbnail frame, the caption is the image's tooltip and default alt text.
  const captionAsTitle = format !== "thumb" && format !== "frame" && captionText !== "";
  let linkTag = "a";
  const linkAttrs: Attr[] = [];
  let tooltip: string | undefined;
  // The description page, opened at the page and language shown.
  const query = [page !== undefined ? `page=${page}` : "", lang !== undefined ? `lang=${encodeURIComponent(lang)}` : ""].filter(Boolean).join("&");
  const descriptionHref = query ? `${fileHref}?${query}` : fileHref;
  if (link === undefined) {
    linkAttrs.push(attr("href", descriptionHref));
    // The link describes the file shown; a manual thumbnail is another file (MediaWiki drops the class).
    if (!manualThumbTitle) linkAttrs.push(attr("class", "mw-file-description"));
  } else if (link === "") {
    linkTag = "span";
  } else if (linkIsUrl) {
    linkAttrs.push(attr("href", link), attr("rel", "nofollow"));
    // $wgExternalLinkTarget applies to a media link as to any external link.
    const linkTarget = site.info.general.externallinktarget;
    if (typeof linkTarget === "string" && linkTarget !== "") linkAttrs.push(attr("target", linkTarget));
  } else if (linkTitle?.interwiki) {
    // An interwiki title links to the other wiki's page.
    const iw = site.interwiki(linkTitle.interwiki);
    linkAttrs.push(attr("href", iw ? interwikiUrl(iw, linkTitle.text.replace(/ /g, "_"), linkTitle.fragment) : `./${encodeTitlePath(linkTitle.prefixedDbKey)}`));
    tooltip = linkTitle.prefixedText;
  } else if (linkTitle) {
    const fragment = linkTitle.fragment ? `#${encodeFragment(linkTitle.fragment)}` : "";
    linkAttrs.push(attr("href", `${linkTitle.relativeHref}${fragment}`));
    tooltip = linkTitle.prefixedText;
  } else {
    // A link to no valid title leaves the default link.
    linkAttrs.push(attr("href", descriptionHref), attr("class", "mw-file-description"));
  }
  if (captionAsTitle) tooltip = captionText;
  const titleAttr = tooltip !== undefined ? attr("title", tooltip) : null;
  if (titleAttr) linkAttrs.push(titleAttr);
  g.out.push(startTag(linkTag, linkAttrs, { tsr: [s, s] }));

  const imgAttrs: Attr[] = [];
  const altText = alt ?? (captionAsTitle ? captionText : undefined);
  const altAttr = altText !== undefined ? attr("alt", altText) : null;
  if (altAttr) imgAttrs.push(altAttr);
  const altSource = optionSources.find((o) => o.name === "alt");
  if (altSource?.media && altAttr && alt !== undefined) altSource.media.receiver = altAttr;
  if (inlineCaption) {
    // The tooltip and default alt text are the parsed caption's text.
    const fromCaption = [captionAsTitle ? titleAttr : null, alt === undefined && captionAsTitle ? altAttr : null];
    inlineCaption.consume = (wrapper, nodes) => {
      if (wrapper.mw && "caption" in wrapper.mw) {
        const html = embeddedHtml(nodes);
        wrapper.mw["caption"] = html;
        // For html2wt: the caption as parsed, so an unchanged one is written as it was.
        (wrapper.dp ?? (wrapper.dp = {}))["captionHtml"] = html;
      }
      const text = plainText(nodes).trim();
      for (const a of fromCaption) if (a) a.value = text;
    };
  }
  imgAttrs.push(attr("resource", fileHref));
  const request: MediaRequest = { name: title.text, format, defaultWidth: false };
  if (page !== undefined) request.page = page;
  for (const [name, , seconds] of timed) request[name === "starttime" ? "start" : "end"] = seconds;
  if (link !== undefined) request.linkOption = link;
  if (alt !== undefined) request.altOption = alt;
  if (lang !== undefined) {
    request.lang = lang;
    imgAttrs.push(attr("lang", lang));
  }
  if (manualThumb !== undefined) request.manualThumb = manualThumbTitle?.ns === NS_FILE ? manualThumbTitle.text : "";
  if (format === "frame") {
    // Frames always show the file at its natural size.
  } else if (width !== undefined || height !== undefined) {
    if (width !== undefined) request.width = width;
    if (height !== undefined) request.height = height;
  } else if (format === "thumb" || format === "frameless") {
    request.width = defaultThumbWidth(site);
    request.defaultWidth = true;
  }
  if (upright !== undefined && (format === "thumb" || format === "frameless") && width === undefined) {
    request.upright = upright;
    request.width = Math.round((defaultThumbWidth(site) * upright) / 10) * 10;
  }
  // The file name as written ("Image:Foo.jpg"), for html2wt while the resource is unchanged.
  const nameEnd = pipe >= 0 ? g.start(pipe) : g.start(close);
  const img = selfClosing("img", imgAttrs, { tsr: [s, s], sa: { resource: g.src.slice(g.end(i), nameEnd) } });
  // A file name a template wrote part of is the wrapper's templated `href` (Parsoid's form); the
  // name as written (with the template) is what html2wt writes back.
  const nameSource = hrefSource(g, g.end(i), nameEnd, nameEnd);
  if (nameSource) {
    nameSource[0]!.written = (source) => (img.dp.sa = { resource: source });
    open.aux = { ...open.aux, attrSources: [...nameSource, ...(open.aux?.attrSources ?? [])] };
  }
  img.aux = { media: request };
  g.out.push(img);
  g.out.push(endTag(linkTag, { tsr: [s, s] }));
  if (block) {
    const figcaption = startTag("figcaption", [], { tsr: [s, s] });
    g.out.push(figcaption);
    if (caption && (spansLines(g, caption[0], caption[1]) || g.templatedSpans?.templated(g.start(caption[0]), g.start(caption[1])))) {
      // Parsed as a caption of its own: headings, rules and tables may start its later lines,
      // and its templates are encapsulated inside it (Parsoid parses captions apart).
      figcaption.aux = { fragment: captionFragment(g, g.start(caption[0]), g.start(caption[1])) };
    } else if (caption) {
      g.nesting++;
      inline(g, caption[0], caption[1], null);
      g.nesting--;
    }
    g.out.push(endTag("figcaption", { tsr: [e, e] }));
  }
  g.out.push(endTag(wrapper, { tsr: [e, e] }));
  return close + 1;
}
