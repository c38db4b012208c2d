// Reads an extension call from the grammar's token stream: the opening tag, the raw body the
// tokenizer kept for a configured tag, and its closing tag. An opening tag without a closing one
// is no call (MediaWiki shows it as text).
import { K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT } from "@wikiloom/wasm";
import type { Grammar } from "../tokenizer/grammar/state.js";
import { parseAttributes } from "../tokenizer/attributes.js";
import type { Attr } from "../dom/node.js";
import type { ExtensionCall } from "./types.js";

export interface ReadCall {
  call: ExtensionCall;
  /** Index of the first grammar token after the call. */
  next: number;
}

export function readExtensionCall(g: Grammar, i: number, to: number, name: string, attrText: string, selfClosed: boolean): ReadCall | null {
  if (g.kind(i) !== K_TAG_OPEN) return null;
  const start = g.start(i);
  const openEnd = g.end(i);
  const attrs = extensionAttributes(attrText);
  if (selfClosed) {
    return { call: { name, attrs, body: null, src: g.src.slice(start, openEnd), start, end: openEnd, bodyStart: openEnd }, next: i + 1 };
  }
  let j = i + 1;
  let body = "";
  if (j < to && g.kind(j) === K_RAW_TEXT) {
    body = g.slice(j);
    j++;
  }
  if (j >= to || g.kind(j) !== K_TAG_CLOSE || closingName(g.slice(j)) !== name) return null;
  const end = g.end(j);
  return { call: { name, attrs, body, src: g.src.slice(start, end), start, end, bodyStart: openEnd }, next: j + 1 };
}

function closingName(src: string): string {
  return /^<\/([^\s>]+)/.exec(src)?.[1]?.toLowerCase() ?? "";
}

/** Attribute values as extensions see them: decoded, whitespace runs as in one line, trimmed. */
export function extensionAttributes(attrText: string): Attr[] {
  return parseAttributes(attrText).map((a) => ({ name: a.name, value: a.value.replace(/[\t\n\r]/g, " ").trim() }));
}
