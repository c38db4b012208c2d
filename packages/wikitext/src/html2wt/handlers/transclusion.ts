// Transclusions (typeof mw:Transclusion / mw:Param): the wikitext comes from data-mw `parts`,
// a list of literal strings and template/argument/parser-function invocations. The other nodes
// of the same `about` group are output of the same source and are skipped by the serializer.
import type { NodeHandler } from "./types.js";
import { bulletsBeforeTransclusion } from "./list.js";
import { escapeTemplateArgument, type OpaqueTagTest } from "./template-arg-escape.js";

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
  const params = inv.params ?? {};
  const keys = orderedKeys(params, paramInfo);
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
