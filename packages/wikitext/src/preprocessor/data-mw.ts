// Transclusion metadata as Parsoid writes it: the data-mw part of a template, template argument
// or parser function (target wt/href/function/key, params with wt and key, i), the typeof, and
// data-parsoid's parameter infos. Parameters are listed in written order, which a JS object would
// not keep (it puts numeric names first), so the JSON is written here, with Parsoid's key order
// at every level.
import { jsonString, needsJsonEscape } from "../util/json-string.js";
import type { BraceResolution } from "./expander.js";
import { phpTrim } from "./frame.js";
import type { PPBrace, PPNode, PPPart } from "./tree.js";
import type { DataMwParam, DataMwPart, DataMwTarget, DataMwTemplateBody, Expansion, ParamInfo } from "./types.js";

type PartKind = Expansion["partKind"];

/**
 * The parameters of one call as Parsoid lists them: in written order, a repeated name keeping
 * its first place and its last value. Parallel arrays rather than an object keyed by name: names
 * vary from call to call, and a keyed object cost a hash table (or a hidden class) per call.
 */
class ParamList {
  readonly keys: string[] = [];
  /** Each parameter's value (`wt`) and, when the name was written otherwise, the name as written
   * (`key.wt`): strings, the data-mw param objects being made only for `part`. */
  readonly values: string[] = [];
  readonly writtenKeys: Array<string | undefined> = [];
  readonly infos: ParamInfo[] = [];
  /** Made once a call has many parameters; short lists are searched directly. */
  private positions: Map<string, number> | null = null;

  add(key: string, value: string, writtenKey: string | undefined, info: ParamInfo): void {
    this.infos.push(info);
    const at = this.positionOf(key);
    if (at >= 0) {
      this.values[at] = value;
      this.writtenKeys[at] = writtenKey;
      return;
    }
    this.positions?.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
    this.writtenKeys.push(writtenKey);
  }

  private positionOf(key: string): number {
    const keys = this.keys;
    if (this.positions) return this.positions.get(key) ?? -1;
    if (keys.length < 16) return keys.indexOf(key);
    this.positions = new Map();
    for (let k = 0; k < keys.length; k++) this.positions.set(keys[k]!, k);
    return this.positions.get(key) ?? -1;
  }
}

/**
 * What Parsoid records about one transclusion: typeof, data-parsoid `pi`, and the data-mw part,
 * whose object and JSON are both made on first use (encapsulation needs only the JSON, lint only
 * the object). The JSON is written from the parameter lists, never from the part object: an
 * object keyed by parameter name would put numbered names first, and building one per call (a
 * hash table, as names vary) cost more than the JSON itself.
 * Kind, target and typeof are made at once; the parameters only when first read: deciding
 * whether a call is a transclusion needs the target alone, and lint reads the parameters of the
 * few calls its lints fall in (a citation template's dozen parameters cost more than the rest).
 */
export class ExpansionMetadata {
  private partObject: Exclude<DataMwPart, string> | undefined = undefined;
  /** `{"parts":[part]}` with index 0, one flat string (it lives until the output is written). */
  private json: string | undefined = undefined;
  private list: ParamList | undefined = undefined;
  /** What the parameters (and the JSON's escaping) are made from; dropped once the JSON is made. */
  private call: PPBrace | null;
  private readonly source: string;

  readonly typeof: string;

  constructor(
    readonly kind: PartKind,
    readonly target: DataMwTarget,
    typeOf: string,
    call: PPBrace,
    source: string,
    /** A parser function's first argument, written after the colon (v3 output names it "1"). */
    private readonly colonArgument: string | undefined,
  ) {
    this.typeof = typeOf;
    this.call = call;
    this.source = source;
  }

  private get params(): ParamList {
    if (this.list === undefined) {
      const list = new ParamList();
      let next = 1;
      if (this.colonArgument !== undefined) {
        list.add("1", this.colonArgument, undefined, { k: "1" });
        next = 2;
      }
      // A template argument's parts after its name are one default value, never `name=value`
      // (MediaWiki's PPFrame reads only the first): Parsoid numbers them all.
      collectParams(this.call!.parts, this.source, next, list, this.kind === "templatearg");
      this.list = list;
    }
    return this.list;
  }

  /**
   * Whether the call's source has nothing JSON escapes: its strings are then quoted as they are.
   * Target, names and values are pieces of the call's source (names without their comments): one
   * test of the whole call tells whether any of them needs an escape.
   */
  private plainStrings(): boolean {
    const call = this.call!;
    return !needsJsonEscape(this.source.slice(call.start, call.end));
  }

  get paramInfos(): ParamInfo[] {
    return this.params.infos;
  }

  /** Parameter names in the order of `params` in the JSON (object keys would put numeric names first). */
  get paramOrder(): string[] {
    return this.params.keys;
  }

  /** The part with `i: 0`. */
  get part(): Exclude<DataMwPart, string> {
    if (!this.partObject) {
      // A prototype-less object: any parameter name, "__proto__" included, is a plain key.
      const params = Object.create(null) as Record<string, DataMwParam>;
      const { keys, values, writtenKeys } = this.params;
      for (let k = 0; k < keys.length; k++) {
        const writtenKey = writtenKeys[k];
        params[keys[k]!] = writtenKey !== undefined ? { wt: values[k]!, key: { wt: writtenKey } } : { wt: values[k]! };
      }
      const body: DataMwTemplateBody = { target: this.target, params, i: 0 };
      this.partObject = (this.kind === "template" ? { template: body } : this.kind === "templatearg" ? { templatearg: body } : { parserfunction: body }) as Exclude<DataMwPart, string>;
    }
    return this.partObject;
  }

  /** The part's JSON with Parsoid's key order and index `i` among its group's transclusions. */
  partJson(i: number): string {
    // (Multi-part groups are rare: the part is cut out of the lone part's JSON.)
    const json = this.dataMwJson;
    return json.slice(DATA_MW_HEAD.length, json.length - DATA_MW_TAIL.length) + i + "}}";
  }

  /** `{"parts":[part]}` with index 0: the data-mw of a transclusion that forms its group alone. */
  get dataMwJson(): string {
    if (this.json === undefined) {
      const { keys, values, writtenKeys } = this.params;
      const plain = this.plainStrings();
      let out = DATA_MW_HEAD + '{"' + this.kind + '":{"target":' + stringifyTarget(this.target, plain) + ',"params":{';
      for (let k = 0; k < keys.length; k++) {
        if (k > 0) out += ",";
        out += quote(keys[k]!, plain) + ":" + stringifyValue(values[k]!, writtenKeys[k], plain);
      }
      // One flat string rather than the tree of pieces the concatenation made: it outlives
      // several scavenges (until serialization), and one object costs them less than dozens.
      this.json = flatten(out + '},"i":' + DATA_MW_TAIL);
      this.call = null;
    }
    return this.json;
  }
}

const DATA_MW_HEAD = '{"parts":[';
/** What follows the part's `"i":` in dataMwJson: its index and the closing brackets. */
const DATA_MW_TAIL = "0}}]}";

/** Reading a character makes V8 copy a concatenated string into one flat string now. */
let flattenProbe = 0;
function flatten(text: string): string {
  flattenProbe ^= text.charCodeAt(text.length - 1);
  return text;
}

/** A JSON string literal: `text` between quotes when the call has nothing to escape. */
function quote(text: string, plain: boolean): string {
  return plain ? '"' + text + '"' : jsonString(text);
}

function isPhpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x00 || c === 0x0b;
}

/** The first offset in [from, to) that is not PHP whitespace (`to` when there is none). */
function spaceEnd(text: string, from: number, to: number): number {
  while (from < to && isPhpSpace(text.charCodeAt(from))) from++;
  return from;
}

/** The offset after the last character in [from, to) that is not PHP whitespace (`from` when none). */
function spaceStart(text: string, from: number, to: number): number {
  while (to > from && isPhpSpace(text.charCodeAt(to - 1))) to--;
  return to;
}

/** The name of a named parameter as used: its text (nodes before `end`) without comments, trimmed. */
function paramName(nodes: readonly PPNode[], end: number, source: string): string {
  const first = nodes[0];
  if (end === 1 && typeof first === "string") return phpTrim(first);
  let name = "";
  for (let i = 0; i < end; i++) {
    const node = nodes[i]!;
    if (typeof node === "string") name += node;
    else if (node.kind === "equals") name += "=";
    else if (node.kind !== "comment" && node.kind !== "ignore") name += source.slice(node.start, node.end);
  }
  return phpTrim(name);
}

/**
 * Adds the call's arguments (all numbered when `positionalOnly`): numbered ones as written, named ones trimmed, with the spacing
 * around name and value in `spc` (each side measured on its own, so an all-space value counts
 * as both leading and trailing space, as PHP's trims see it).
 */
function collectParams(parts: readonly PPPart[], source: string, firstIndex: number, list: ParamList, positionalOnly: boolean): void {
  let index = firstIndex;
  for (const part of parts) {
    const eq = part.eqPos;
    if (positionalOnly || part.eqIndex === null || eq === null) {
      const key = String(index++);
      list.add(key, source.slice(part.start, part.end), undefined, { k: key });
      continue;
    }
    const { start, end } = part;
    const nameLead = spaceEnd(source, start, eq);
    const nameTrail = spaceStart(source, start, eq);
    const valueLead = spaceEnd(source, eq + 1, end);
    const valueTrail = spaceStart(source, eq + 1, end);
    const writtenName = nameLead < nameTrail ? source.slice(nameLead, nameTrail) : "";
    // A name that is one piece of text as long as its source is that source: trimmed, it is the
    // name as written (most names; comments inside a name make it differ).
    const first = part.nodes[0];
    const plainName = part.eqIndex === 1 && typeof first === "string" && first.length === eq - start;
    const name = plainName ? writtenName : paramName(part.nodes, part.eqIndex, source);
    const value = valueLead < valueTrail ? source.slice(valueLead, valueTrail) : "";
    const info: ParamInfo =
      nameLead > start || nameTrail < eq || valueLead > eq + 1 || valueTrail < end
        ? { k: name, named: true, spc: [source.slice(start, nameLead), source.slice(nameTrail, eq), source.slice(eq + 1, valueLead), source.slice(valueTrail, end)] }
        : { k: name, named: true };
    list.add(name, value, writtenName !== name ? writtenName : undefined, info);
  }
}

/** Parsoid's target wt leaves out the whitespace and comments before the name. */
function withoutLeadingSpaceAndComments(raw: string): string {
  const first = raw.charCodeAt(0);
  if (!(isPhpSpace(first) || first === 0x0c || first === 0x3c)) return raw;
  return raw.replace(/^(?:[ \t\n\r\f]|<!--[\s\S]*?-->)+/, "");
}

/** Offset of the first ':' of a call target outside comments, or -1. */
function colonOutsideComments(raw: string): number {
  let i = 0;
  while (i < raw.length) {
    if (raw.startsWith("<!--", i)) {
      const end = raw.indexOf("-->", i + 4);
      if (end < 0) return -1;
      i = end + 3;
    } else if (raw[i] === ":") {
      return i;
    } else {
      i++;
    }
  }
  return -1;
}

export function expansionMetadata(node: PPBrace, source: string, resolution: BraceResolution, v3Functions: boolean): ExpansionMetadata {
  const writtenTitle = source.slice(node.title.start, node.title.end);
  const rawTitle = node.kind === "template" ? withoutLeadingSpaceAndComments(writtenTitle) : writtenTitle;
  if (resolution.kind === "tplarg") return new ExpansionMetadata("templatearg", { wt: rawTitle }, "mw:Param", node, source, undefined);
  if (resolution.kind === "function" && (v3Functions || resolution.fn?.fragmentHandler)) {
    const colon = colonOutsideComments(rawTitle);
    const target = { wt: colon < 0 ? rawTitle : rawTitle.slice(0, colon), key: resolution.name };
    const typeOf = `mw:Transclusion mw:ParserFunction/${resolution.name}`;
    return new ExpansionMetadata("parserfunction", target, typeOf, node, source, colon < 0 ? undefined : rawTitle.slice(colon + 1));
  }
  let target: DataMwTarget;
  if (resolution.kind === "function" || resolution.kind === "variable") target = { wt: rawTitle, function: resolution.name };
  else if (resolution.kind === "template") target = { wt: rawTitle, href: resolution.title.relativeHref };
  else target = { wt: rawTitle };
  return new ExpansionMetadata("template", target, "mw:Transclusion", node, source, undefined);
}

/**
 * The target's JSON. `plain`: its wt (a piece of the call's source) needs no escape; the href
 * and names do not come from the source and are checked on their own.
 */
function stringifyTarget(target: DataMwTarget, plain = false): string {
  let out = '{"wt":' + quote(target.wt, plain);
  if (target.href !== undefined) out += ',"href":' + jsonString(target.href);
  if (target.function !== undefined) out += ',"function":' + jsonString(target.function);
  if (target.key !== undefined) out += ',"key":' + jsonString(target.key);
  return out + "}";
}

/** A parameter's JSON; `plain`: its strings (pieces of the call's source) need no escape. */
function stringifyParam(param: DataMwParam): string {
  return stringifyValue(param.wt, param.key?.wt, false);
}

/** A parameter's JSON from its value and its name as written when that differs. */
function stringifyValue(wt: string, writtenKey: string | undefined, plain: boolean): string {
  return writtenKey !== undefined ? '{"wt":' + quote(wt, plain) + ',"key":{"wt":' + quote(writtenKey, plain) + "}}" : '{"wt":' + quote(wt, plain) + "}";
}

/**
 * Serializes one data-mw part with Parsoid's key order ({template|templatearg|parserfunction:
 * {target, params, i}}); `paramOrder` overrides the order of the parameters.
 */
export function stringifyPart(part: DataMwPart, paramOrder?: readonly string[]): string {
  if (typeof part === "string") return JSON.stringify(part);
  const kind = "template" in part ? "template" : "templatearg" in part ? "templatearg" : "parserfunction";
  const body = (part as Record<typeof kind, DataMwTemplateBody>)[kind];
  const keys = paramOrder ?? Object.keys(body.params);
  let params = "";
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (k > 0) params += ",";
    params += jsonString(key) + ":" + stringifyParam(body.params[key]!);
  }
  return `{"${kind}":{"target":${stringifyTarget(body.target)},"params":{${params}},"i":${body.i}}}`;
}
