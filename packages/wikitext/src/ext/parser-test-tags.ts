// The extension tags MediaWiki's parser tests register (Parsoid's test ParserHook): `<tag>` and
// `<tåg>` dump their input, `<spantag>` wraps its wikitext body in a span, `<statictag>` stores
// a body until `action=flush` prints it, `<asidetag>` renders a fixed aside, `<embedtag>` keeps its body's HTML in data-mw, `<i18ntag>` and
// `<i18nattr>` leave localization to the client (data-mw-i18n), `<style>` (option `styletag`) is a style element. They act only where
// the site config lists them, which only the parser-test environment does.
import { attr, text, type TextTk } from "../tokenizer/tokens.js";
import type { ExtensionCall, ExtensionHandler } from "./types.js";
import { extensionDataMw, extensionTypeOf, wrapperTokens } from "./output.js";
import { embeddedHtml, embeddedText } from "../output/embedded-html.js";
import { exportMap, exportString } from "./php-export.js";

const dumpTag: ExtensionHandler = {
  names: ["tag", "tåg"],
  render(call) {
    const dump = `${exportString(call.body)}\n${exportMap(call.attrs)}\n`;
    return wrapperTokens(call, "pre", [text(dump, call.bodyStart, bodyEnd(call))]);
  },
};

const spanTag: ExtensionHandler = {
  names: ["spantag"],
  bodyIsContent: true,
  render(call, ctx) {
    const fragment = call.body ? ctx.fragment(call.body, "inline", call.bodyStart) : undefined;
    return wrapperTokens(call, "span", [], fragment ? { fragment } : {});
  },
};

/** `<statictag>` bodies waiting for a flush, per page being converted. */
const staticBuffers = new WeakMap<object, string[]>();

const staticTag: ExtensionHandler = {
  names: ["statictag"],
  render(call: ExtensionCall, ctx) {
    let buffer = staticBuffers.get(ctx.env.page);
    if (!buffer) staticBuffers.set(ctx.env.page, (buffer = []));
    const flush = call.attrs.some((a) => a.name === "action" && a.value === "flush");
    if (!flush) {
      buffer.push(call.body ?? "");
      return wrapperTokens(call, "span", []);
    }
    const shown = buffer.join("");
    buffer.length = 0;
    return wrapperTokens(call, "span", shown ? [text(shown, call.bodyStart, bodyEnd(call))] : []);
  },
};

const asideTag: ExtensionHandler = {
  names: ["asidetag"],
  render: (call) => wrapperTokens(call, "aside", [text("Some aside content", call.bodyStart, bodyEnd(call))]),
};

/**
 * `<embedtag>wikitext</embedtag>`: an empty span whose data-mw carries the body's HTML
 * (`body.html`) instead of its source, as extensions that keep rendered content as data do.
 */
const embedTag: ExtensionHandler = {
  names: ["embedtag"],
  render(call, ctx) {
    const mw = extensionDataMw(call);
    if (call.body === null) return wrapperTokens(call, "span", [], { mw });
    mw["body"] = { html: embeddedText(call.body) };
    const fragment = ctx.fragment(call.body, "inline", call.bodyStart);
    fragment.consume = (wrapper, nodes) => {
      if (wrapper.mw) wrapper.mw["body"] = { html: embeddedHtml(nodes) };
    };
    return wrapperTokens(call, "span", [], { mw, fragment });
  },
};

/**
 * `<i18ntag>key</i18ntag>`: an empty span the client fills with the page-language message `key`
 * (data-mw-i18n, key "/" for the element's content).
 */
const i18nTag: ExtensionHandler = {
  names: ["i18ntag"],
  render(call) {
    const i18n = JSON.stringify({ "/": { lang: "x-page", key: call.body ?? "" } });
    return wrapperTokens(call, "span", [], { typeOf: extensionTypeOf(call, "mw:I18n"), attrs: [attr("data-mw-i18n", i18n)] });
  },
};

/**
 * `<i18nattr message="key">text</i18nattr>`: the text in a span whose `message` attribute the
 * client localizes with the user-language message `key`.
 */
const i18nAttr: ExtensionHandler = {
  names: ["i18nattr"],
  bodyIsContent: true,
  render(call, ctx) {
    const key = call.attrs.find((a) => a.name === "message")?.value ?? "";
    const i18n = JSON.stringify({ message: { lang: "x-user", key } });
    const fragment = call.body ? ctx.fragment(call.body, "inline", call.bodyStart) : undefined;
    return wrapperTokens(call, "span", [], { typeOf: extensionTypeOf(call, "mw:LocalizedAttrs"), attrs: [attr("data-mw-i18n", i18n)], ...(fragment ? { fragment } : {}) });
  },
};

/**
 * `<style>css</style>` (the parser tests' `styletag` option, as TemplateStyles-like extensions
 * emit one): a style element holding the body as raw text, which stays out of paragraphs as
 * metadata does.
 */
const styleTag: ExtensionHandler = {
  names: ["style"],
  render(call) {
    if (!call.body) return wrapperTokens(call, "style", []);
    // The CSS is no content of the line: transparent, so a line holding only style elements gets
    // no paragraph (Parsoid sees the extension's output as one metadata element).
    const css: TextTk = { ...text(call.body, call.bodyStart, bodyEnd(call)), transparent: true };
    return wrapperTokens(call, "style", [css]);
  },
};

function bodyEnd(call: ExtensionCall): number {
  return call.bodyStart + (call.body?.length ?? 0);
}

export const parserTestTags: readonly ExtensionHandler[] = [dumpTag, spanTag, staticTag, asideTag, embedTag, i18nTag, i18nAttr, styleTag];
