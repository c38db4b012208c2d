// Building blocks of an extension's output: Parsoid's data-mw (`name`, `attrs`, `body.extsrc`),
// the typeof, and wrapper tokens whose source range is the whole call (so dsr covers the tag and
// its body, and html2wt can give the source back from data-mw or data-parser `src`).
import type { Attr } from "../dom/node.js";
import type { Token, StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";
import { startTag, endTag, selfClosing, attr } from "../tokenizer/tokens.js";
import type { ExtensionCall, FragmentRequest } from "./types.js";
import { orderedRecord } from "../util/ordered-record.js";

export function extensionTypeOf(call: ExtensionCall, extra?: string): string {
  return extra ? `${extra} mw:Extension/${call.name}` : `mw:Extension/${call.name}`;
}

/** data-mw of a call; `body` is left out for a self-closed tag, as Parsoid does. */
export function extensionDataMw(call: ExtensionCall, extra: Record<string, unknown> = {}): Record<string, unknown> {
  // In written order: Parsoid lists `<tag b="x" 2="y">`'s attributes as b, 2.
  const mw: Record<string, unknown> = { name: call.name, attrs: orderedRecord(call.attrs) };
  if (call.body !== null) mw["body"] = { extsrc: call.body };
  for (const key of Object.keys(extra)) mw[key] = extra[key];
  return mw;
}

export interface WrapperOptions {
  attrs?: Attr[];
  typeOf?: string;
  mw?: Record<string, unknown>;
  fragment?: FragmentRequest;
}

/** `<tag typeof=mw:Extension/name ...>inner</tag>` spanning the call's source. */
export function wrapperTokens(call: ExtensionCall, tag: string, inner: Token[], options: WrapperOptions = {}): Token[] {
  const start = wrapperStart(call, tag, options);
  return [start, ...inner, endTag(tag, { tsr: [call.end, call.end] })];
}

export function wrapperStart(call: ExtensionCall, tag: string, options: WrapperOptions = {}): StartTagTk {
  const start = startTag(tag, [attr("typeof", options.typeOf ?? extensionTypeOf(call)), ...(options.attrs ?? [])], { tsr: [call.start, call.end], src: call.src });
  start.mw = options.mw ?? extensionDataMw(call);
  if (options.fragment) start.aux = { fragment: options.fragment };
  return start;
}

/** A void element (`<meta>`, `<link>`) standing for the call. */
export function voidWrapper(call: ExtensionCall, tag: string, options: WrapperOptions = {}): SelfClosingTk {
  const tk = selfClosing(tag, [attr("typeof", options.typeOf ?? extensionTypeOf(call)), ...(options.attrs ?? [])], { tsr: [call.start, call.end], src: call.src });
  tk.mw = options.mw ?? extensionDataMw(call);
  if (options.fragment) tk.aux = { fragment: options.fragment };
  return tk;
}
