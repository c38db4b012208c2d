// {{lc:}}, {{uc:}}, {{lcfirst:}}, {{ucfirst:}}: case mapping in the page's language (Turkish
// and Azerbaijani map i/İ and ı/I differently).
import { mapOutsideMarkers } from "./php-text.js";
import { pageLanguage } from "../../engine-env.js";
import type { CallContext, ParserFunction } from "./types.js";

function language(ctx: CallContext): string {
  return pageLanguage(ctx.env.site, ctx.env.page);
}

function mapFirst(text: string, map: (ch: string) => string): string {
  if (text === "") return text;
  const first = String.fromCodePoint(text.codePointAt(0)!);
  return map(first) + text.slice(first.length);
}

export const lcFunction: ParserFunction = {
  name: "lc",
  hash: false,
  call: (ctx) => mapOutsideMarkers(ctx.first, ctx.env.site.extensionTags(), (s) => s.toLocaleLowerCase(language(ctx))),
};

export const ucFunction: ParserFunction = {
  name: "uc",
  hash: false,
  call: (ctx) => mapOutsideMarkers(ctx.first, ctx.env.site.extensionTags(), (s) => s.toLocaleUpperCase(language(ctx))),
};

export const lcfirstFunction: ParserFunction = {
  name: "lcfirst",
  hash: false,
  call: (ctx) => mapFirst(ctx.first, (ch) => ch.toLocaleLowerCase(language(ctx))),
};

export const ucfirstFunction: ParserFunction = {
  name: "ucfirst",
  hash: false,
  call: (ctx) => mapFirst(ctx.first, (ch) => ch.toLocaleUpperCase(language(ctx))),
};
