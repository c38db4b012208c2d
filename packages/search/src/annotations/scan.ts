/**
 * Finds semantic annotations in wikitext in one left-to-right pass:
 *
 *   [[Property::Value]]  [[Property::Value|label]]  [[P1::P2::Value]]
 *   {{#set:Property=Value|...}}   {{#wikisearchconfig:arg|arg|...}}   {{DISPLAYTITLE:...}}
 *
 * Comments, <nowiki> and <pre> are skipped. Links and braces are matched with a stack, so
 * nesting is handled and unclosed openers cost nothing extra: the scan stays linear in the
 * input. It only looks at text, so it works the same on the preprocessor's expanded output.
 */

export interface Annotation {
  property: string;
  value: string;
}

export interface ScanResult {
  values: Annotation[];
  /** Arguments of each {{#wikisearchconfig:...}} call, in order. */
  configs: string[][];
  displayTitle: string | null;
}

interface Frame {
  kind: "link" | "braces" | "argument";
  /** Offset just after the opener. */
  start: number;
  /** Offsets of "|" directly inside this frame. */
  pipes: number[];
  /** Offsets of "::" directly inside this frame (links only). */
  colons: number[];
  /** Number of values found before this frame opened. */
  mark: number;
}

const MAX_DEPTH = 100;
const SKIPPED: { open: RegExp; close: string }[] = [
  { open: /^<nowiki\s*>/i, close: "</nowiki>" },
  { open: /^<pre(\s[^>]*)?>/i, close: "</pre>" },
];

/** `[[Foo|bar]]` → `Foo`: page values written as links inside #set arguments. */
function unlink(text: string): string {
  return text.replace(/\[\[:?([^\]|]*)(\|[^\]]*)?\]\]/g, "$1").trim();
}

function validPropertyName(name: string): boolean {
  return name !== "" && !/[[\]{}|#<>]/.test(name) && !name.startsWith(":");
}

export function scanAnnotations(text: string): ScanResult {
  const result: ScanResult = { values: [], configs: [], displayTitle: null };
  const stack: Frame[] = [];
  const noClose = new Set<string>();
  const lower = text.toLowerCase();
  const n = text.length;
  let i = 0;

  const splitArgs = (frame: Frame, end: number): string[] => {
    const args: string[] = [];
    let from = frame.start;
    for (const pipe of frame.pipes) {
      args.push(text.slice(from, pipe));
      from = pipe + 1;
    }
    args.push(text.slice(from, end));
    return args;
  };

  const closeLink = (frame: Frame, end: number) => {
    if (frame.colons.length === 0) return;
    const valueEnd = frame.pipes.find((p) => p > frame.colons[frame.colons.length - 1]!) ?? end;
    const names: string[] = [];
    let from = frame.start;
    for (const colon of frame.colons) {
      if (frame.pipes.some((p) => p < colon)) return; // "::" after a pipe belongs to the label
      names.push(text.slice(from, colon).trim());
      from = colon + 2;
    }
    const value = text.slice(from, valueEnd).trim();
    if (!names.every(validPropertyName)) return;
    for (const property of names) result.values.push({ property, value });
  };

  const closeBraces = (frame: Frame, end: number) => {
    const args = splitArgs(frame, end);
    const head = args[0]!;
    const colon = head.indexOf(":");
    if (colon === -1) return;
    const name = head.slice(0, colon).trim().toLowerCase();
    const rest = [head.slice(colon + 1), ...args.slice(1)];
    if (name === "#set") {
      for (const arg of rest) {
        const eq = arg.indexOf("=");
        if (eq === -1) continue;
        const property = arg.slice(0, eq).trim();
        if (validPropertyName(property)) result.values.push({ property, value: unlink(arg.slice(eq + 1)) });
      }
    } else if (name === "#wikisearchconfig") {
      // Its arguments are configuration (a base query holds [[P::V]] conditions), not page data.
      result.values.length = frame.mark;
      result.configs.push(rest.map((arg) => arg.trim()).filter((arg) => arg !== ""));
    } else if (name === "displaytitle") {
      result.displayTitle = rest[0]!.trim();
    }
  };

  /** Deep nesting keeps the innermost frames: the oldest opener is forgotten (left as text). */
  const push = (frame: Frame) => {
    if (stack.length >= MAX_DEPTH) stack.shift();
    stack.push(frame);
  };
  /** Closes the nearest matching frame; unclosed openers above it are plain text (bounded by MAX_DEPTH). */
  const popTo = (matches: (frame: Frame) => boolean): Frame | null => {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (matches(stack[k]!)) {
        const frame = stack[k]!;
        stack.length = k;
        return frame;
      }
    }
    return null;
  };

  /** Characters the scanner acts on; everything between them is skipped in one step. */
  const special = /[<[\]{}|:]/g;

  while (i < n) {
    special.lastIndex = i;
    const next = special.exec(text);
    if (!next) break;
    i = next.index;
    const c = text[i]!;
    if (c === "<") {
      if (text.startsWith("<!--", i)) {
        const close = text.indexOf("-->", i + 4);
        i = close === -1 ? n : close + 3; // an unclosed comment runs to the end, as in MediaWiki
        continue;
      }
      let skipped = false;
      for (const { open, close } of SKIPPED) {
        const m = open.exec(text.slice(i, i + 64));
        if (!m || noClose.has(close)) continue;
        const end = lower.indexOf(close, i + m[0].length);
        if (end === -1) {
          noClose.add(close);
          continue;
        }
        i = end + close.length;
        skipped = true;
        break;
      }
      if (!skipped) i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === "[" && text[i + 1] === "[") {
      push({ kind: "link", start: i + 2, pipes: [], colons: [], mark: result.values.length });
      i += 2;
      continue;
    }
    if (c === "{" && text[i + 1] === "{") {
      const triple = text[i + 2] === "{" && text[i + 3] !== "{";
      push({ kind: triple ? "argument" : "braces", start: i + (triple ? 3 : 2), pipes: [], colons: [], mark: result.values.length });
      i += triple ? 3 : 2;
      continue;
    }
    if (c === "]" && text[i + 1] === "]") {
      const frame = popTo((f) => f.kind === "link");
      if (frame) closeLink(frame, i);
      i += 2;
      continue;
    }
    if (c === "}" && text[i + 1] === "}") {
      const frame = popTo((f) => f.kind !== "link");
      const width = frame?.kind === "argument" && text[i + 2] === "}" ? 3 : 2;
      if (frame?.kind === "braces") closeBraces(frame, i);
      i += frame ? width : 2;
      continue;
    }
    if (top) {
      if (c === "|") top.pipes.push(i);
      else if (c === ":" && text[i + 1] === ":" && top.kind === "link") {
        top.colons.push(i);
        i += 2;
        continue;
      }
    }
    i++;
  }
  return result;
}
