// The order in which data-mw lists a transclusion's parameters. JSON.parse puts integer-like keys
// first ({"test":..,"1":..} comes back as 1, test), but without parse data (pi) that order is
// the only record of how the arguments were written: {{1x|test=..|second}} is not
// {{1x|second|test=..}}. So the keys are read from the attribute's text.

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

/** The keys of the object starting at `open` (a "{"), in the text's order. */
function objectKeys(text: string, open: number): string[] | null {
  const keys: string[] = [];
  let i = open + 1;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++;
    if (i >= text.length) return null;
    if (text[i] === "}") return keys;
    if (text[i] !== '"') return null;
    const end = stringEnd(text, i);
    try {
      keys.push(JSON.parse(text.slice(i, end)) as string);
    } catch {
      return null;
    }
    const colon = text.indexOf(":", end);
    if (colon < 0) return null;
    i = colon + 1;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    i = valueEnd(text, i);
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
