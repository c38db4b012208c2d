// Attaches per-node data to a parsed DOM: the parse data (`data-parser`, or `data-parsoid` as
// other Parsoid-compatible services name it) and `data-mw`, from inline attributes or from a
// page bundle's map keyed by node id. The attributes are removed so handlers see only real HTML.
import type { WElement } from "../dom/node.js";
import type { DataParser } from "../dom/data-parser.js";
import { parseJsonObject } from "../util/json-object.js";

export interface PageBundleData {
  counter?: number;
  ids: Record<string, unknown>;
}

const PARSE_DATA_ATTRS = ["data-parser", "data-parsoid"];

/** The attribute text each data-mw object was parsed from (its key order, see param-order.ts). */
const dataMwTexts = new WeakMap<object, string>();

export function dataMwText(mw: object): string | undefined {
  return dataMwTexts.get(mw);
}

/** Node ids the engine generates for page bundles (mwAA, mw-_...): not part of the content. */
export function isGeneratedNodeId(id: string | null): boolean {
  return id !== null && /^mw[A-Za-z0-9_-]{2,}$/.test(id);
}

/** Elements that came with no parse data at all: new content, written in the tidiest form. */
const newElements = new WeakSet<WElement>();

export function isNewContent(el: WElement): boolean {
  return newElements.has(el);
}

/**
 * The data attributes of one document in document order, parsed, for the next document to take
 * over: selser's edited HTML repeats most of the original's attributes verbatim, in the same
 * order, so each is parsed once. A cursor follows the recorded sequence (an edit inserts or drops
 * a few elements: a short look-ahead finds the place again). The parsed objects are only read
 * after attachment (normalisation replaces them, never mutates them).
 */
class JsonSequence {
  private readonly texts: string[] = [];
  private readonly values: Array<Record<string, unknown> | null> = [];
  private cursor = 0;
  private recording = true;

  finishRecording(): void {
    this.recording = false;
  }

  parse(text: string | null): Record<string, unknown> | null {
    if (text === null) return null;
    if (this.recording) {
      const value = parseJsonObject(text);
      this.texts.push(text);
      this.values.push(value);
      return value;
    }
    const texts = this.texts;
    const limit = Math.min(texts.length, this.cursor + LOOKAHEAD);
    for (let k = this.cursor; k < limit; k++) {
      if (texts[k] === text) {
        this.cursor = k + 1;
        return this.values[k]!;
      }
    }
    return parseJsonObject(text);
  }
}

const LOOKAHEAD = 8;

/** The parse data and data-mw sequences of the first document attached with it. */
export class DataReuse {
  readonly dp = new JsonSequence();
  readonly mw = new JsonSequence();

  /** After the first document: later ones take over its parsed values. */
  finishRecording(): void {
    this.dp.finishRecording();
    this.mw.finishRecording();
  }
}

export function attachNodeData(root: WElement, bundle?: PageBundleData, dataReuse?: DataReuse): void {
  // An explicit stack rather than walkElements: this runs on every element of both documents in
  // selser, and a callback per element showed in profiles.
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    attachTo(el, el === root, bundle, dataReuse);
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i]!;
      if (c.kind === "element") stack.push(c);
    }
  }
}

function attachTo(el: WElement, isRoot: boolean, bundle: PageBundleData | undefined, dataReuse: DataReuse | undefined): void {
  // One pass over the attributes: the data attributes are read and dropped, the rest kept in order.
  let dp: Record<string, unknown> | null = null;
  let mwText: string | null = null;
  let id: string | null = null;
  let present = false;
  const attrs = el.attrs;
  let kept = 0;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    const name = a.name;
    if (name === PARSE_DATA_ATTRS[0] || name === PARSE_DATA_ATTRS[1]) {
      present = true;
      dp ??= dataReuse ? dataReuse.dp.parse(a.value) : parseJsonObject(a.value);
      continue;
    }
    if (name === "data-mw") {
      mwText ??= a.value;
      continue;
    }
    if (name === "id") id ??= a.value;
    if (kept !== i) attrs[kept] = a;
    kept++;
  }
  // Popping the dropped tail (the data attributes usually come last) stays in V8's fast path;
  // assigning a shorter length does not.
  while (attrs.length > kept) attrs.pop();
  if (dp === null && bundle && id !== null) {
    const fromBundle = bundle.ids[id];
    if (fromBundle && typeof fromBundle === "object") {
      dp = { ...(fromBundle as Record<string, unknown>) };
      present = true;
    }
  }
  if (!present && !isRoot) newElements.add(el);
  el.dp = (dp ?? {}) as DataParser;
  if (mwText !== null) {
    el.mw = (dataReuse ? dataReuse.mw.parse(mwText) : parseJsonObject(mwText)) ?? {};
    dataMwTexts.set(el.mw, mwText);
  }
  // Bundle ids exist only to key the data: drop them so they are not written as attributes.
  if (bundle && id !== null && isGeneratedNodeId(id)) el.removeAttribute("id");
}
