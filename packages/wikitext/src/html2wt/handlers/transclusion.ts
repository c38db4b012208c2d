// Transclusions (typeof mw:Transclusion / mw:Param): the wikitext comes from data-mw `parts`,
// a list of literal strings and template/argument/parser-function invocations. The other nodes
// of the same `about` group are output of the same source and are skipped by the serializer.
import type { NodeHandler } from "./types.js";

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

/** Whether a parameter can be written without its name: positional keys in order, no "=". */
function writesPositionally(key: string, position: number, value: string, info: ParamInfo | undefined): boolean {
  if (info?.named === true) return false;
  if (info && info.named === false) return true;
  return key === String(position) && !value.includes("=");
}

/**
 * `functionCall`: a v3 parser function (`{{#if:a|b}}`), whose first argument follows the name
 * after a colon rather than a pipe.
 */
export function invocationWikitext(inv: Invocation, braces: "{{" | "{{{", paramInfo: ParamInfo[] | undefined, functionCall = false): string {
  let out = braces + (inv.target?.wt ?? "");
  let position = 1;
  const keys = Object.keys(inv.params ?? {});
  for (const key of keys) {
    const param = inv.params![key]!;
    const value = param.wt ?? "";
    const info = paramInfo?.find((p) => p.k === key);
    const spc = info?.spc;
    if (writesPositionally(key, position, value, info)) {
      out += `${functionCall && position === 1 ? ":" : "|"}${value}`;
      position++;
    } else {
      const name = param.key?.wt ?? key;
      out += spc ? `|${spc[0]}${name}${spc[1]}=${spc[2]}${value}${spc[3]}` : `|${name}=${value}`;
      if (key === String(position)) position++;
    }
  }
  return out + (braces === "{{" ? "}}" : "}}}");
}

export function partsWikitext(parts: unknown[], pi: unknown): string {
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
    if (inv) out += invocationWikitext(inv, "{{", paramInfos[inv.i ?? -1], p["parserfunction"] !== undefined);
    else if (p["templatearg"]) out += invocationWikitext(p["templatearg"], "{{{", paramInfos[p["templatearg"].i ?? -1]);
  }
  return out;
}

export const transclusionHandler: NodeHandler = {
  serialize(el, s) {
    const parts = el.mw?.["parts"];
    if (Array.isArray(parts)) {
      s.emit(partsWikitext(parts, el.dp?.["pi"]));
      return;
    }
    const src = el.dp?.src;
    if (typeof src === "string") s.emit(src);
  },
};
