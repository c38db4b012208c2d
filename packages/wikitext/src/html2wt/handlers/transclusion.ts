// Transclusions (typeof mw:Transclusion / mw:Param): the wikitext comes from data-mw `parts`,
// a list of literal strings and template/argument/parser-function invocations. The other nodes
// of the same `about` group are output of the same source and are skipped by the serializer.
import type { NodeHandler } from "./types.js";
import { bulletsBeforeTransclusion } from "./list.js";

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

/** Tags whose content the preprocessor does not look into: an "=" there names no parameter. */
export type OpaqueTagTest = (name: string) => boolean;

/**
 * Whether the value holds an "=" the preprocessor would take for a parameter name's end: one
 * outside nested braces, comments, and extension tags (`{{1x|{{1x|1=a}}}}` stays positional).
 */
function hasTopLevelEquals(value: string, isOpaqueTag: OpaqueTagTest): boolean {
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === "{" && value[i + 1] === "{") {
      depth++;
      i++;
    } else if (ch === "}" && value[i + 1] === "}" && depth > 0) {
      depth--;
      i++;
    } else if (ch === "<") {
      if (value.startsWith("<!--", i)) {
        const end = value.indexOf("-->", i + 4);
        if (end < 0) return depth === 0 && value.includes("=", i);
        i = end + 2;
        continue;
      }
      const tag = /^<([A-Za-z][\w-]*)[^>]*?(\/?)>/.exec(value.slice(i));
      if (tag && isOpaqueTag(tag[1]!.toLowerCase())) {
        if (tag[2] === "/") {
          i += tag[0].length - 1;
          continue;
        }
        const close = value.toLowerCase().indexOf(`</${tag[1]!.toLowerCase()}`, i + tag[0].length);
        if (close < 0) return false;
        i = value.indexOf(">", close);
        if (i < 0) return false;
      }
    } else if (ch === "=" && depth === 0) return true;
  }
  return false;
}

/** Whether a parameter can be written without its name: positional keys in order, no "=". */
function writesPositionally(key: string, position: number, value: string, info: ParamInfo | undefined, isOpaqueTag: OpaqueTagTest): boolean {
  if (info?.named === true) return false;
  if (info && info.named === false) return true;
  return key === String(position) && !hasTopLevelEquals(value, isOpaqueTag);
}

/**
 * A value between its recorded leading and trailing whitespace. An empty value has one run of
 * whitespace after its "=", which may be recorded as both leading and trailing: written once.
 */
function valueWithSpacing(value: string, leading: string, trailing: string): string {
  if (value === "" && leading === trailing) return leading;
  return leading + value + trailing;
}

/** Parameter keys in source order: the parse data's order first (JSON objects put numbers first). */
function orderedKeys(params: Record<string, unknown>, paramInfo: ParamInfo[] | undefined): string[] {
  const keys = Object.keys(params);
  if (!paramInfo || paramInfo.length === 0) return keys;
  const ordered: string[] = [];
  for (const info of paramInfo) if (info.k !== undefined && info.k in params && !ordered.includes(info.k)) ordered.push(info.k);
  for (const key of keys) if (!ordered.includes(key)) ordered.push(key);
  return ordered;
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
): string {
  let out = braces + (inv.target?.wt ?? "");
  let position = 1;
  const keys = orderedKeys(inv.params ?? {}, paramInfo);
  for (const key of keys) {
    const param = inv.params![key]!;
    const value = param.wt ?? "";
    const info = paramInfo?.find((p) => p.k === key);
    const spc = info?.spc;
    if (writesPositionally(key, position, value, info, isOpaqueTag)) {
      out += `${functionCall && position === 1 ? ":" : "|"}${value}`;
      position++;
    } else {
      const name = param.key?.wt ?? key;
      out += spc ? `|${spc[0]}${name}${spc[1]}=${valueWithSpacing(value, spc[2], spc[3])}` : `|${name}=${value}`;
      if (key === String(position)) position++;
    }
  }
  return out + (braces === "{{" ? "}}" : "}}}");
}

export function partsWikitext(parts: unknown[], pi: unknown, isOpaqueTag: OpaqueTagTest = () => false): string {
  let out = "";
  const paramInfos = Array.isArray(pi) ? (pi as ParamInfo[][]) : [];
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if (part === null || typeof part !== "object") continue;
    const p = part as Record<string, Invocation>;
    const inv = p["template"] ?? p["parserfunction"];
    if (inv) out += invocationWikitext(inv, "{{", paramInfos[inv.i ?? -1], p["parserfunction"] !== undefined, isOpaqueTag);
    else if (p["templatearg"]) out += invocationWikitext(p["templatearg"], "{{{", paramInfos[p["templatearg"].i ?? -1], false, isOpaqueTag);
  }
  return out;
}

export const transclusionHandler: NodeHandler = {
  serialize(el, s) {
    const parts = el.mw?.["parts"];
    if (Array.isArray(parts)) {
      const site = s.env.site;
      const source = partsWikitext(parts, el.dp?.["pi"], (name) => name === "nowiki" || name === "pre" || site.isExtensionTag(name));
      s.emit(bulletsBeforeTransclusion(el, source) + source);
      return;
    }
    const src = el.dp?.src;
    if (typeof src === "string") s.emit(src);
  },
};
