// Where a construct's attributes were written, for tags part of whose source a template wrote
// (dom/passes/expanded-attrs.ts makes them mw:ExpandedAttrs). Nothing is recorded for text
// written on the page alone, so pages without templates pay nothing.
import type { Grammar } from "./state.js";
import type { AttrSource, TagAux } from "../tokens.js";
import { attributeSources, type OpaqueSpans } from "../attributes.js";

/**
 * A link target or URL written at [start, end) as the `href` attribute, when a template wrote
 * part of [start, limit): a template overlapping the target may reach up to `limit` (a pipe it
 * gave is then part of the target). Null when no template is involved, and when a transclusion
 * wrote the construct's start (`tagStart`, when given): such an element belongs whole to that
 * transclusion's group and the expanded-attributes pass takes none of its attributes (every
 * link a red-link template gives is one).
 */
export function hrefSource(g: Grammar, start: number, end: number, limit: number, tagStart = -1): AttrSource[] | null {
  if (!g.templated?.(start, limit)) return null;
  if (tagStart >= 0 && g.templateEnd !== null && g.templateEnd(tagStart) >= 0) return null;
  g.hasAttrSources = true;
  return [{ name: "href", key: null, value: [start, end], within: [start, limit] }];
}

/**
 * The written attributes of a tag whose attribute text `text` stands at `offset`, when a
 * template wrote part of it or it holds markup (`<nowiki>`, an include directive); else null:
 * nothing is recorded for plain text written on the page.
 * The aux also keeps where the attribute text stands, which tells a template that wrote whole
 * attributes from one that went on past them (table syntax: attributes and then content).
 */
export function attributeTextAux(g: Grammar, text: string, offset: number, tagStart: number, opaque?: OpaqueSpans): TagAux | null {
  const end = offset + text.length;
  if (!text.includes("<")) {
    if (g.templated === null || !g.templated(offset, end)) return null;
    // A tag a template wrote with all its attributes (every cell of a table a template gives)
    // has nothing to expand: only markup in its attribute text would be.
    if (g.templateEnd !== null && g.templateEnd(tagStart) >= end) return null;
  }
  g.hasAttrSources = true;
  return { attrSources: attributeSources(text, offset, opaque), attrRange: [offset, end] };
}
