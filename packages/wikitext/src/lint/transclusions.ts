// Lints are found in the preprocessed text; this maps them back to the page source. A lint whose
// node came out of a transclusion points at the whole transclusion (Parsoid's rule: the editor
// fixes the template call or the template, not text that is not on the page) and names it in
// `templateInfo`; any other lint gets its offsets shifted past the expansions before it.
import type { Expansion } from "../preprocessor/types.js";
import type { ExpansionMap } from "../preprocessor/offset-map.js";
import type { LintItem, LintTemplateInfo } from "./types.js";
import type { WElement } from "../dom/node.js";
import { walkElements } from "../dom/node.js";
import { parseJsonObject } from "../util/json-object.js";
import type { DataMwPart } from "../preprocessor/types.js";
import type { BodyTransclusion } from "../wt2html.js";

export function templateInfoOf(expansion: Expansion): LintTemplateInfo {
  return templateInfoOfParts(expansion.dataMw.parts);
}

/** templateInfo from data-mw parts: the single transclusion's name, or a multi-part block. */
export function templateInfoOfParts(parts: readonly DataMwPart[]): LintTemplateInfo {
  const part = parts[0];
  if (parts.length !== 1 || part === undefined || typeof part === "string") return { name: null, multiPartTemplateBlock: true };
  if ("template" in part) {
    const target = part.template.target;
    if (target.href) return { name: target.href.replace(/^\.\//, "") };
    if (target.function !== undefined) return { name: target.function, parserFunction: true };
    return { name: target.wt.trim() };
  }
  if ("parserfunction" in part) {
    const target = part.parserfunction.target;
    return { name: target.key ?? target.function ?? target.wt.trim(), parserFunction: true };
  }
  return { name: part.templatearg.target.wt.trim() };
}

/**
 * Maps lints found in the page's preprocessed text back to the page source. `bodyGroups` are the
 * transclusions encapsulated inside extension bodies (a <ref>'s templates, expanded by the body's
 * own parse), in preprocessed-text offsets: a lint inside one points at that whole call, whose
 * range is then mapped like any page offset (a body standing on the page is not template output).
 */
export function mapToSource(items: readonly LintItem[], map: ExpansionMap, bodyGroups: readonly TransclusionGroup[] = []): LintItem[] {
  return mergeSelfClosedTags(items.map((item) => mapItem(bodyGroups.length > 0 ? attributedByStart(item, bodyGroups) : item, map)));
}

function mapItem(item: LintItem, map: ExpansionMap): LintItem {
  const [start, end, open, close] = item.dsr;
  const expansion = map.expansionAt(start);
  if (expansion) {
    return { ...item, dsr: [expansion.srcStart, expansion.srcEnd, null, null], templateInfo: templateInfoOf(expansion) };
  }
  const s = map.toSource(start, "start");
  const e = Math.max(s, map.toSource(end, "end"));
  // The opening tag ends at start + open, the closing tag starts at end - close; widths never
  // exceed the range (an empty expansion right after a tag belongs to neither).
  const o = open === null ? null : Math.min(e - s, Math.max(0, map.toSource(start + open, "end") - s));
  const c = close === null ? null : Math.min(e - s - (o ?? 0), Math.max(0, e - map.toSource(end - close, "start")));
  return { ...item, dsr: [s, e, o, c] };
}

/**
 * Self-closed tags in one transclusion are one lint (the transclusion is what the editor sees),
 * listing the tag names.
 */
function mergeSelfClosedTags(items: LintItem[]): LintItem[] {
  const byTransclusion = new Map<string, LintItem>();
  const out: LintItem[] = [];
  for (const item of items) {
    if (item.type !== "self-closed-tag" || !item.templateInfo) {
      out.push(item);
      continue;
    }
    const key = `${item.dsr[0]}:${item.dsr[1]}`;
    const name = item.params?.["name"];
    const merged = byTransclusion.get(key);
    if (merged) {
      (merged.params!["name"] as unknown[]).push(name);
      continue;
    }
    const first: LintItem = { ...item, params: { ...item.params, name: [name] } };
    byTransclusion.set(key, first);
    out.push(first);
  }
  return out;
}

/** A transclusion's about-group in a DOM that carries Parsoid's encapsulation. */
export interface TransclusionGroup {
  start: number;
  end: number;
  templateInfo: LintTemplateInfo;
}

/**
 * The about-groups of a DOM built with transclusion encapsulation (first node: `typeof`
 * mw:Transclusion, `about`, data-mw, and the group's source range as its dsr).
 */
export function transclusionGroups(body: WElement): TransclusionGroup[] {
  const groups: TransclusionGroup[] = [];
  const seen = new Set<string>();
  walkElements(body, (el) => {
    const about = el.getAttribute("about");
    if (about === null || seen.has(about)) return;
    if (!/(?:^|\s)mw:Transclusion(?:\s|$)/.test(el.getAttribute("typeof") ?? "")) return;
    seen.add(about);
    const group = groupOf(el);
    if (group) groups.push(group);
  });
  return groups.sort((a, b) => a.start - b.start);
}

/**
 * The groups of the transclusions inside extension bodies (expanded by the bodies' own parses),
 * from their ranges in the linted text; templateInfo is made only when a lint needs it. Sorted by
 * start and disjoint.
 */
export function bodyTransclusionGroups(transclusions: readonly BodyTransclusion[]): TransclusionGroup[] {
  const sorted = transclusions.filter((t) => t.end > t.start).sort((a, b) => a.start - b.start || b.end - a.end);
  // A body's top-level calls do not overlap, and a body inside template output has no range in
  // the document; should a body written verbatim in a call's argument get one, that call is
  // what produced it: only the outermost calls are groups.
  const groups: TransclusionGroup[] = [];
  let lastEnd = -1;
  for (const t of sorted) {
    if (t.start < lastEnd) continue;
    groups.push(new BodyTransclusionGroup(t));
    lastEnd = t.end;
  }
  return groups;
}

class BodyTransclusionGroup implements TransclusionGroup {
  readonly start: number;
  readonly end: number;
  private info: LintTemplateInfo | null = null;

  constructor(private readonly transclusion: BodyTransclusion) {
    this.start = transclusion.start;
    this.end = transclusion.end;
  }

  get templateInfo(): LintTemplateInfo {
    return (this.info ??= templateInfoOf(this.transclusion.expansion));
  }
}

/**
 * The group holding `pos`, or null (groups sorted by start and disjoint). A lint starting in a
 * transclusion's output belongs to it, as ExpansionMap.expansionAt decides on the page.
 */
export function groupAt(groups: readonly TransclusionGroup[], pos: number): TransclusionGroup | null {
  const group = lastStartingAtOrBefore(groups, pos);
  return group !== null && pos < group.end ? group : null;
}

/** The last group starting at or before `pos` (groups sorted by start), or null. */
function lastStartingAtOrBefore(groups: readonly TransclusionGroup[], pos: number): TransclusionGroup | null {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid]!.start <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? groups[lo - 1]! : null;
}

/** The group `first` leads; its templateInfo is read from data-mw only when a lint needs it. */
function groupOf(first: WElement): TransclusionGroup | null {
  const dsr = first.dp?.dsr;
  if (!dsr || dsr[1] <= dsr[0]) return null;
  let info: LintTemplateInfo | null = null;
  return {
    start: dsr[0],
    end: dsr[1],
    get templateInfo() {
      return (info ??= templateInfoOfParts(partsOf(first)));
    },
  };
}

/** data-mw parts of an encapsulation's first node: parsed data-mw (an extension's) or the attribute. */
function partsOf(first: WElement): DataMwPart[] {
  const parsed = first.mw?.["parts"];
  if (parsed) return parsed as DataMwPart[];
  const parts = parseJsonObject(first.getAttribute("data-mw"))?.["parts"];
  return Array.isArray(parts) ? (parts as DataMwPart[]) : [];
}

/**
 * The group whose range holds [start, end), or null. Groups are sorted by start and disjoint
 * (top-level transclusions do not nest; a body inside template output has no group of its own).
 */
export function groupHolding(groups: readonly TransclusionGroup[], start: number, end: number): TransclusionGroup | null {
  const group = lastStartingAtOrBefore(groups, start);
  return group !== null && end <= group.end ? group : null;
}

/**
 * With source ranges already in page coordinates, a lint lying within a transclusion's range
 * came from its output: it points at the whole transclusion.
 */
export function attributeToTransclusions(items: readonly LintItem[], groups: readonly TransclusionGroup[]): LintItem[] {
  if (groups.length === 0) return [...items];
  return mergeSelfClosedTags(items.map((item) => attributed(item, groups)));
}

/** Lints found in text with no expansion of its own, attributed to the bodies' transclusions. */
export function attributeToBodyTransclusions(items: readonly LintItem[], bodyGroups: readonly TransclusionGroup[]): LintItem[] {
  if (bodyGroups.length === 0) return [...items];
  return mergeSelfClosedTags(items.map((item) => attributedByStart(item, bodyGroups)));
}

function attributedByStart(item: LintItem, groups: readonly TransclusionGroup[]): LintItem {
  const group = groupAt(groups, item.dsr[0]);
  return group ? { ...item, dsr: [group.start, group.end, null, null], templateInfo: group.templateInfo } : item;
}

function attributed(item: LintItem, groups: readonly TransclusionGroup[]): LintItem {
  const group = groupHolding(groups, item.dsr[0], item.dsr[1]);
  return group ? { ...item, dsr: [group.start, group.end, null, null], templateInfo: group.templateInfo } : item;
}
