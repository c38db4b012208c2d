// Transclusion metadata as Parsoid writes it: the data-mw part of a template, template argument
// or parser function (target wt/href/function/key, params with wt and key, i), the typeof, and
// data-parsoid's parameter infos. Parsoid lists numeric parameter names first (ascending), then
// the others in written order, which is exactly a JS object's key order; the JSON is serialized
// here anyway so that the key order of every level is Parsoid's, whatever built the object.
import type { Title } from "../env/title.js";
import { encodeTitlePath } from "../util/href.js";
import type { BraceResolution } from "./expander.js";
import { phpTrim } from "./frame.js";
import type { PPBrace, PPNode, PPPart } from "./tree.js";
import type { DataMwParam, DataMwPart, DataMwTarget, DataMwTemplateBody, ParamInfo } from "./types.js";

export interface ExpansionMetadata {
  part: Exclude<DataMwPart, string>;
  /** Parameter names in the order of `params` in the JSON. */
  paramOrder: string[];
  typeof: string;
  paramInfos: ParamInfo[];
}

interface ParamList {
  /** Later definitions of a name replace its value and keep its first position, as in Parsoid. */
  params: Record<string, DataMwParam>;
  infos: ParamInfo[];
}

function isPhpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x00 || c === 0x0b;
}

function leadingSpace(text: string): string {
  let n = 0;
  while (n < text.length && isPhpSpace(text.charCodeAt(n))) n++;
  return text.slice(0, n);
}

function trailingSpace(text: string): string {
  let n = text.length;
  while (n > 0 && isPhpSpace(text.charCodeAt(n - 1))) n--;
  return text.slice(n);
}

/** The name of a named parameter as used: its text (nodes before `end`) without comments, trimmed. */
function paramName(nodes: readonly PPNode[], end: number, source: string): string {
  let name = "";
  for (let i = 0; i < end; i++) {
    const node = nodes[i]!;
    if (typeof node === "string") name += node;
    else if (node.kind === "equals") name += "=";
    else if (node.kind !== "comment" && node.kind !== "ignore") name += source.slice(node.start, node.end);
  }
  return phpTrim(name);
}

function collectParams(parts: readonly PPPart[], source: string, firstIndex: number, list: ParamList): void {
  let index = firstIndex;
  const { params, infos } = list;
  for (const part of parts) {
    if (part.eqIndex === null || part.eqPos === null) {
      const key = String(index++);
      params[key] = { wt: source.slice(part.start, part.end) };
      infos.push({ k: key });
      continue;
    }
    const rawName = source.slice(part.start, part.eqPos);
    const rawValue = source.slice(part.eqPos + 1, part.end);
    const name = paramName(part.nodes, part.eqIndex, source);
    const param: DataMwParam = { wt: phpTrim(rawValue) };
    const writtenName = phpTrim(rawName);
    if (writtenName !== name) param.key = { wt: writtenName };
    const info: ParamInfo = { k: name, named: true };
    const beforeName = leadingSpace(rawName);
    const afterName = trailingSpace(rawName);
    const beforeValue = leadingSpace(rawValue);
    const afterValue = trailingSpace(rawValue);
    if (beforeName !== "" || afterName !== "" || beforeValue !== "" || afterValue !== "") info.spc = [beforeName, afterName, beforeValue, afterValue];
    params[name] = param;
    infos.push(info);
  }
}

const hrefs = new WeakMap<Title, string>();

/** "./Template:Foo_bar" (title objects are shared per target text within a conversion). */
function templateHref(title: Title): string {
  let href = hrefs.get(title);
  if (href === undefined) {
    href = `./${encodeTitlePath(title.prefixedDbKey)}`;
    hrefs.set(title, href);
  }
  return href;
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
  // A prototype-less object starts as a hash table: parameter names vary from call to call, and
  // adding them one by one to a plain object made V8 build (and later collect) a hidden class
  // per name sequence, half of this function's time.
  const list: ParamList = { params: Object.create(null) as Record<string, DataMwParam>, infos: [] };
  let target: DataMwTarget;
  let kind: "template" | "templatearg" | "parserfunction" = "template";
  let typeOf = "mw:Transclusion";
  if (resolution.kind === "tplarg") {
    kind = "templatearg";
    typeOf = "mw:Param";
    target = { wt: rawTitle };
    collectParams(node.parts, source, 1, list);
  } else if (resolution.kind === "function" && (v3Functions || resolution.fn?.fragmentHandler)) {
    kind = "parserfunction";
    typeOf = `mw:Transclusion mw:ParserFunction/${resolution.name}`;
    const colon = colonOutsideComments(rawTitle);
    target = { wt: colon < 0 ? rawTitle : rawTitle.slice(0, colon), key: resolution.name };
    let next = 1;
    if (colon >= 0) {
      list.params["1"] = { wt: rawTitle.slice(colon + 1) };
      list.infos.push({ k: "1" });
      next = 2;
    }
    collectParams(node.parts, source, next, list);
  } else if (resolution.kind === "function" || resolution.kind === "variable") {
    target = { wt: rawTitle, function: resolution.name };
    collectParams(node.parts, source, 1, list);
  } else if (resolution.kind === "template") {
    target = { wt: rawTitle, href: templateHref(resolution.title) };
    collectParams(node.parts, source, 1, list);
  } else {
    target = { wt: rawTitle };
    collectParams(node.parts, source, 1, list);
  }
  const params = list.params;
  const body = { target, params, i: 0 };
  // Written order (object keys would put numeric names first); a repeated name keeps its first place.
  const paramOrder = [...new Set(list.infos.map((info) => info.k))];
  const part = (kind === "template" ? { template: body } : kind === "templatearg" ? { templatearg: body } : { parserfunction: body }) as Exclude<DataMwPart, string>;
  return { part, paramOrder, typeof: typeOf, paramInfos: list.infos };
}

function stringifyTarget(target: DataMwTarget): string {
  let out = `{"wt":${JSON.stringify(target.wt)}`;
  if (target.href !== undefined) out += `,"href":${JSON.stringify(target.href)}`;
  if (target.function !== undefined) out += `,"function":${JSON.stringify(target.function)}`;
  if (target.key !== undefined) out += `,"key":${JSON.stringify(target.key)}`;
  return `${out}}`;
}

function stringifyParam(param: DataMwParam): string {
  let out = `{"wt":${JSON.stringify(param.wt)}`;
  if (param.key) out += `,"key":{"wt":${JSON.stringify(param.key.wt)}}`;
  return `${out}}`;
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
    params += JSON.stringify(key) + ":" + stringifyParam(body.params[key]!);
  }
  return `{"${kind}":{"target":${stringifyTarget(body.target)},"params":{${params}},"i":${body.i}}}`;
}

/** Serializes `{"parts":[...]}`; each part's parameter order may be given (else object order). */
export function stringifyTransclusion(parts: readonly DataMwPart[], paramOrders?: ReadonlyArray<readonly string[] | undefined>): string {
  let out = '{"parts":[';
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out += ",";
    out += stringifyPart(parts[i]!, paramOrders?.[i]);
  }
  return out + "]}";
}
