// Extension tags (typeof mw:Extension/name): `<name attrs>body</name>` from data-mw, or the
// original source when data-mw no longer tells more than it.
import type { WElement } from "../../dom/node.js";
import type { NodeHandler } from "./types.js";

export type FragmentSerializer = (html: string) => string;

function attrsWikitext(attrs: unknown): string {
  if (!attrs || typeof attrs !== "object") return "";
  let out = "";
  for (const [name, value] of Object.entries(attrs as Record<string, unknown>)) {
    if (typeof value === "string") out += ` ${name}="${value.replace(/"/g, "&quot;")}"`;
  }
  return out;
}

export function extensionName(el: WElement): string {
  const fromMw = el.mw?.["name"];
  if (typeof fromMw === "string") return fromMw;
  const type = el.getAttribute("typeof") ?? "";
  return /mw:Extension\/([^\s]+)/.exec(type)?.[1] ?? el.name;
}

export function extensionHandler(serializeFragment: FragmentSerializer): NodeHandler {
  return {
    serialize(el, s) {
      const name = extensionName(el);
      const mw = el.mw ?? {};
      const body = mw["body"] as { extsrc?: string; html?: string } | undefined;
      const src = el.dp?.src;
      const attrs = attrsWikitext(mw["attrs"]);
      if (body === undefined || body === null) {
        if (typeof src === "string" && src.endsWith("/>")) return s.emit(src);
        return s.emit(`<${name}${attrs} />`);
      }
      let inner: string;
      if (typeof body.extsrc === "string") inner = body.extsrc;
      else if (typeof body.html === "string") inner = serializeFragment(body.html);
      else inner = "";
      if (typeof src === "string") {
        // Keep the original tag spelling (attribute quoting, case) when the body is unchanged.
        const open = /^<[^>]*>/.exec(src)?.[0];
        const close = /<\/[^>]*>$/.exec(src)?.[0];
        if (open && close && src === open + inner + close) return s.emit(src);
      }
      s.emit(`<${name}${attrs}>${inner}</${name}>`);
    },
  };
}
