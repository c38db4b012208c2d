// Transclusions (typeof mw:Transclusion / mw:Param): the wikitext comes from data-mw `parts`,
// a list of literal strings and template/argument/parser-function invocations. The other nodes
// of the same `about` group are output of the same source and are skipped by the serializer.
import type { NodeHandler } from "./types.js";
import { bulletsBeforeTransclusion } from "./list.js";
import { escapeTemplateArgument, type OpaqueTagTest } from "./template-arg-escape.js";
import { paramKeyOrders } from "./param-order.js";
import { dataMwText } from "../node-data.js";

export type { OpaqueTagTest };

interface ParamInfo {
  k?: string;
  named?: boolean;
  spc?: [string, string, string, string];
}

interface Invocation {
  target?: { wt?: string; function?: string };
  params?: Record<string, { wt?: string; key?: { wt?: string } }>;
  i?: number;
}

/**
 * A value between its recorded leading and trailing whitespace. An empty value has one run of
 * whitespace after its "=", which may be recorded as both leading and trailing: written once.
 */
function valueWithSpacing(value: string, leading: string, trailing: string): string {
  if (value === "" && leading === trailing) return leading;
  return leading + value + trailing;
}

/**
 * Parameter keys in source order: the parse data's order first, else data-mw's text order
 * (JSON objects put numbers first).
 */
function orderedKeys(params: Record<string, unknown>, paramInfo: ParamInfo[] | undefined, textOrder?: string[]): string[] {
  const keys = Object.keys(params);
  if (!paramInfo || paramInfo.length === 0) return textOrder !== undefined && sameKeys(textOrder, keys) ? textOrder : keys;
  const ordered: string[] = [];
  for (const info of paramInfo) if (info.k !== undefined && info.k in params && !ordered.includes(info.k)) ordered.push(info.k);
  for (const key of keys) if (!ordered.includes(key)) ordered.push(key);
  return ordered;
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k) => b.includes(k));
}

/** Whether JSON.parse may have reordered the keys: an integer-like key after another key. */
function mayBeReordered(params: Record<string, unknown> | undefined): boolean {
  const keys = Object.keys(params ?? {});
  return keys.length > 1 && /^\d+$/.test(keys[0]!) && !/^\d+$/.test(keys[keys.length - 1]!);
}

/**
 * `functionCall`: a v3 parser function (`{{#if:a|b}}`), whose first argument follows the name
 * after a colon rather than a pipe.
 */
export function invocationWikitext(
  inv: Invocation,
  braces: "{{" | "{{{",
  paramInfo: ParamInfo[] | undefined,
  functionCall = false,
  isOpaqueTag: OpaqueTagTest = () => false,
  textOrder?: string[],
): string {
  let out = braces + (inv.target?.wt ?? "");
  const params = inv.params ?? {};
  const keys = orderedKeys(params, paramInfo, textOrder);
  const kind = braces === "{{{" ? "templatearg" : functionCall || inv.target?.function !== undefined ? "parserfunction" : "template";
  // Arguments the source wrote without a name (none for a new transclusion).
  let positionalCount = 0;
  for (const info of paramInfo ?? []) if (info.k !== undefined && info.k in params && info.named !== true) positionalCount++;
  let position = 1;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const param = params[key]!;
    const info = paramInfo?.find((p) => p.k === key);
    const escaped = escapeTemplateArgument(
      param.wt ?? "",
      {
        kind,
        named: info?.named === true || param.key?.wt !== undefined || key !== String(position),
        positionalIndex: position,
        positionalCount,
        index: index + 1,
        count: keys.length,
      },
      isOpaqueTag,
    );
    if (!escaped.named) {
      out += `${functionCall && position === 1 ? ":" : "|"}${escaped.text}`;
      position++;
      continue;
    }
    // A named argument's value is trimmed by the preprocessor: its spacing is layout.
    const value = escaped.text.trim();
    const name = param.key?.wt ?? key;
    const spc = info?.spc;
    out += spc ? `|${spc[0]}${name}${spc[1]}=${valueWithSpacing(value, spc[2], spc[3])}` : `|${name}=${value}`;
    if (key === String(position)) position++;
  }
  return out + (braces === "{{" ? "}}" : "}}}");
}

/** `mwText`: data-mw's attribute text, for the parameters' order where no parse data gives it. */
export function partsWikitext(parts: unknown[], pi: unknown, isOpaqueTag: OpaqueTagTest = () => false, mwText?: string): string {
  let out = "";
  const paramInfos = Array.isArray(pi) ? (pi as ParamInfo[][]) : [];
  let keyOrders: string[][] | null | undefined;
  let withParams = 0;
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if (part === null || typeof part !== "object") continue;
    const p = part as Record<string, Invocation>;
    const inv = p["template"] ?? p["parserfunction"] ?? p["templatearg"];
    if (!inv) continue;
    const info = paramInfos[inv.i ?? -1];
    let textOrder: string[] | undefined;
    if (inv.params !== undefined) {
      if ((!info || info.length === 0) && mwText !== undefined && mayBeReordered(inv.params)) {
        keyOrders ??= paramKeyOrders(mwText);
        textOrder = keyOrders?.[withParams];
      }
      withParams++;
    }
    if (inv === p["templatearg"]) out += invocationWikitext(inv, "{{{", info, false, isOpaqueTag, textOrder);
    else out += invocationWikitext(inv, "{{", info, p["parserfunction"] !== undefined, isOpaqueTag, textOrder);
  }
  return out;
}

export const transclusionHandler: NodeHandler = {
  serialize(el, s) {
    const parts = el.mw?.["parts"];
    if (Array.isArray(parts)) {
      const site = s.env.site;
      const source = partsWikitext(parts, el.dp?.["pi"], (name) => name === "nowiki" || name === "pre" || site.isExtensionTag(name), dataMwText(el.mw!));
      s.emit(bulletsBeforeTransclusion(el, source) + source);
      return;
    }
    const src = el.dp?.src;
    if (typeof src === "string") s.emit(src);
  },
};
