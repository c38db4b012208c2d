// Key order in JSON text. JSON.parse puts integer-like keys first ({"test":..,"1":..} comes back
// as 1, test), while data-mw lists user-named keys (template parameters, extension attributes) in
// the order they were written: where that order matters, the keys are read from the text.

import { hasIndexKey, withKeyOrder } from "./ordered-record.js";

/** End (exclusive) of the JSON string starting at `i` (a quote). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === '"') return j + 1;
  }
  return text.length;
}

/** End (exclusive) of the JSON value starting at `i` (after whitespace). */
function valueEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"') {
      j = stringEnd(text, j) - 1;
      if (depth === 0) return j + 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (depth === 0) return j;
      if (--depth === 0) return j + 1;
    } else if (depth === 0 && c === ",") return j;
  }
  return text.length;
}

/** The object member whose key starts at `i` (a quote): its key and where its value starts; null when the text is no member. */
function readMember(text: string, i: number): { key: string; valueStart: number } | null {
  const end = stringEnd(text, i);
  let key: string;
  try {
    key = JSON.parse(text.slice(i, end)) as string;
  } catch {
    return null;
  }
  const colon = text.indexOf(":", end);
  if (colon < 0) return null;
  let at = colon + 1;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return { key, valueStart: at };
}

/** The keys of the object starting at `open` (a "{"), in the text's order. */
export function objectKeys(text: string, open: number): string[] | null {
  const keys: string[] = [];
  let i = open + 1;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++;
    if (i >= text.length) return null;
    if (text[i] === "}") return keys;
    if (text[i] !== '"') return null;
    const member = readMember(text, i);
    if (member === null) return null;
    keys.push(member.key);
    i = valueEnd(text, member.valueStart);
  }
}

/**
 * The parameter keys of each invocation (template, parser function, template argument) in
 * data-mw's text, in the order the parts list them; null when the text cannot be read so.
 */
export function paramKeyOrders(dataMwText: string): string[][] | null {
  const orders: string[][] = [];
  // ("params" as a key: inside a string value its quotes would be escaped.)
  for (let at = dataMwText.indexOf('"params"'); at >= 0; at = dataMwText.indexOf('"params"', at + 8)) {
    let i = at + 8;
    while (i < dataMwText.length && /\s/.test(dataMwText[i]!)) i++;
    if (dataMwText[i] !== ":") continue;
    i++;
    while (i < dataMwText.length && /\s/.test(dataMwText[i]!)) i++;
    if (dataMwText[i] !== "{") return null;
    const keys = objectKeys(dataMwText, i);
    if (keys === null) return null;
    orders.push(keys);
  }
  return orders;
}

/**
 * The keys of the object that member `name` of the top-level object holds, in the text's order;
 * null when there is no such member or the text cannot be read so.
 */
export function memberObjectKeys(text: string, name: string): string[] | null {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  if (text[i] !== "{") return null;
  i++;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++;
    if (text[i] !== '"') return null;
    const member = readMember(text, i);
    if (member === null) return null;
    i = member.valueStart;
    if (member.key === name) return text[i] === "{" ? objectKeys(text, i) : null;
    i = valueEnd(text, i);
  }
}

/**
 * A transclusion's data-mw JSON (`{"parts":[…]}`) as an object whose invocations' `params` list
 * their keys in the text's order, for data-mw that joins an object (an extension's) rather than
 * being kept as text. Parameters with numbered names are rare: only then is the text read again.
 */
export function parseDataMwParts(json: string): Record<string, unknown> {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const parts = parsed["parts"];
  if (!Array.isArray(parts)) return parsed;
  let orders: string[][] | null | undefined;
  let invocation = 0;
  for (const part of parts) {
    if (part === null || typeof part !== "object") continue;
    const body = Object.values(part as Record<string, unknown>)[0] as { params?: Record<string, unknown> } | undefined;
    const params = body?.params;
    if (params === undefined || params === null || typeof params !== "object") continue;
    // paramKeyOrders lists one order per "params" member, in the parts' order.
    const index = invocation++;
    if (!hasIndexKey(params)) continue;
    orders ??= paramKeyOrders(json);
    const order = orders?.[index];
    if (order) body!.params = withKeyOrder(params, order);
  }
  return parsed;
}
