// Spans the engine types for round-tripping: mw:Entity (a character reference), mw:Nowiki
// (text the source protected with <nowiki>), mw:DisplaySpace and mw:Placeholder (content that
// came from source the DOM does not show as such).
import { decodeEntity } from "../../util/entities.js";
import { serializeAttributes } from "./attributes.js";
import type { NodeHandler } from "./types.js";
import { textOf } from "../text-content.js";

const NAMED_REFERENCES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\u00a0": "&nbsp;" };

/** A reference for each character: the usual names where they exist, else numeric. */
function referenceFor(text: string): string {
  let out = "";
  for (const ch of text) out += NAMED_REFERENCES[ch] ?? `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`;
  return out;
}

export const entityHandler: NodeHandler = {
  serialize(el, s) {
    const text = textOf(el);
    const src = el.dp?.src;
    const srcContent = el.dp?.["srcContent"];
    if (typeof src === "string" && (srcContent === undefined ? decodeEntity(src) === text : srcContent === text)) {
      s.emit(src);
      return;
    }
    // The span marks text that was written as a reference: keep writing it as one.
    s.emit(referenceFor(text));
  },
};

export const nowikiHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    const text = textOf(el);
    if (typeof src === "string" && src.startsWith("<nowiki") && el.dp?.["srcContent"] === undefined) {
      // The original spelling, when the content still matches it.
      const inner = /^<nowiki\s*>([\s\S]*)<\/nowiki\s*>$/i.exec(src)?.[1];
      if (inner !== undefined && decodeNowikiContent(inner) === text) return s.emit(src);
    }
    if (text === "") return s.emit("<nowiki/>");
    let inner = "";
    for (const c of el.children) {
      if (c.kind === "text") inner += c.value.replace(/<(\/?nowiki)/gi, "&lt;$1");
      else if (c.kind === "element" && c.getAttribute("typeof") === "mw:Entity") inner += typeof c.dp?.src === "string" ? c.dp.src : textOf(c);
      else if (c.kind === "element" && c.getAttribute("typeof") === "mw:DisplaySpace") inner += displaySpaceSource(c);
      else if (c.kind === "element") inner += textOf(c);
    }
    s.emit(`<nowiki>${inner}</nowiki>`);
  },
};

function decodeNowikiContent(inner: string): string {
  return inner.replace(/&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g, (ref) => decodeEntity(ref) ?? ref);
}

/** Content that only stands in for source: the source comes back as it was. */
export const sourcePlaceholderHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    if (el.name === "span" && serializeAttributes(el) === "") return s.serializeChildren(el);
    s.serializeChildren(el);
  },
};

/** What a mw:DisplaySpace span was written as: its recorded source, else the plain space. */
function displaySpaceSource(el: Parameters<NodeHandler["serialize"]>[0]): string {
  const src = el.dp?.src;
  return typeof src === "string" ? src : " ";
}

/**
 * mw:DisplaySpace: the no-break space French typography puts before ":", "!", "?"... stands for
 * a plain space in the source (the parser adds it back when reading the output).
 */
export const displaySpaceHandler: NodeHandler = {
  serialize(el, s) {
    s.emit(displaySpaceSource(el));
  },
};
