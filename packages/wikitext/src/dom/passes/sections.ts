// Section wrapping (Parsoid's algorithm, mw:Parsing/Notes/Section_Wrapping): each heading
// starts a <section> that runs to the next heading of the same or a higher level (deeper
// headings nest inside); content before the first heading is the lead section (id 0). Headings
// inside other elements (a <div>) are wrapped the same way inside that element, and the section
// holding such an element becomes a pseudo-section (id -2) when the element holds a heading of a
// higher level than the section's, the section before it turning uneditable (-1). Ids: the
// heading's number in the page (as MediaWiki counts them) for editable sections, -1 for
// headings a template or extension produced and the last section inside an element (its end
// tag would show in a section editor), -2 for pseudo-sections. HTML <hN> tags start no section.
import { WElement, type WNode } from "../node.js";
import { commentSourceWidth } from "../../util/comment-data.js";

const HEADING = /^h([1-6])$/;
/** Encapsulated content: templates, parameters, extensions (their headings are not editable). */
const ENCAPSULATION = /(?:^|\s)mw:(?:Transclusion|Param|Extension\/|LanguageVariant)/;

class Section {
  readonly container = new WElement("section");
  constructor(readonly level: number) {}
  setId(id: number): void {
    this.container.setAttribute("data-mw-section-id", String(id));
  }
  /** Whether a heading of `level` nests inside this section. */
  nests(level: number): boolean {
    return level > this.level;
  }
}

interface WrapState {
  /** Headings counted so far the way MediaWiki numbers them. */
  count: number;
  /** The page's wikitext (transclusions' sources are read for the headings written in them). */
  source: string | null;
  /** The last node of the encapsulated content being walked, if any. */
  encapsulationEnd: WNode | null;
  /** Headings that made sections (the TOC counts these). */
  headings: number;
  /** The transclusions entered, first and last node of each (resolveTemplateSectionConflicts). */
  transclusions: Array<{ first: WElement; last: WNode }>;
}

/** The last of the about-group that `first` starts (itself when it has no about). */
function lastOfGroup(first: WElement): WNode {
  const about = first.getAttribute("about");
  const parent = first.parent;
  if (about === null || !parent) return first;
  const kids = parent.children;
  let last: WNode = first;
  for (let i = kids.indexOf(first) + 1; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.kind === "element") {
      if (k.getAttribute("about") !== about) break;
      last = k;
    } else if (k.kind === "comment" || (k.kind === "text" && /^\s*$/.test(k.value))) continue;
    else break;
  }
  return last;
}

/** A new section for `node` (a heading, or an element holding headings: a pseudo-section, id null). */
function createSection(state: WrapState, root: WElement, stack: Section[], current: Section | null, node: WElement, level: number, id: number | null): Section {
  const section = new Section(level);
  while (stack.length > 0 && !stack[stack.length - 1]!.nests(level)) stack.pop();
  if (current && current.nests(level)) stack.push(current);
  const parent = stack[stack.length - 1];
  if (parent) parent.container.appendChild(section.container);
  else root.insertBefore(section.container, node);
  section.container.appendChild(node);
  if (id === null) {
    section.setId(-2);
  } else {
    state.headings++;
    section.setId(id);
  }
  return section;
}

/** One element whose children are being wrapped (the walk keeps these on its own stack, not the call stack: nesting depth is the page's to choose). */
interface WrapFrame {
  readonly root: WElement;
  readonly atTop: boolean;
  current: Section | null;
  readonly stack: Section[];
  /** The highest (smallest) heading level found among the children so far. */
  highest: number;
  /** The children as they were before wrapping moved them; `next` is the one to visit. */
  readonly kids: WNode[];
  next: number;
}

function wrapFrame(root: WElement, current: Section | null, atTop: boolean): WrapFrame {
  return { root, atTop, current, stack: [], highest: 7, kids: [...root.children], next: 0 };
}

/** After a child of `frame.root` was handled: it goes into the current section unless it started one. */
function placeChild(state: WrapState, frame: WrapFrame, node: WNode, startedSection: boolean): void {
  if (frame.current && !startedSection) frame.current.container.appendChild(node);
  if (state.encapsulationEnd === node) state.encapsulationEnd = null;
}

/** Wraps the children of `body` (and, inside them, of every element holding headings). */
function wrapAll(state: WrapState, lead: Section, body: WElement): void {
  const frames: WrapFrame[] = [wrapFrame(body, lead, true)];
  // The highest heading level inside the element whose frame just ended (-1: none ended).
  let nested = -1;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (nested >= 0) {
      // The element before `next` has been wrapped inside: a higher heading in it than the
      // current section's makes it a pseudo-section, the section before it uneditable.
      const node = frame.kids[frame.next - 1] as WElement;
      let started = false;
      if (frame.current && !frame.current.nests(nested)) {
        frame.current.setId(-1);
        frame.current = createSection(state, frame.root, frame.stack, frame.current, node, nested, null);
        started = true;
      }
      placeChild(state, frame, node, started);
      nested = -1;
    }
    if (frame.next === frame.kids.length) {
      // The last section inside an element would show the element's end tag to a section editor.
      if (frame.current && !frame.atTop) frame.current.setId(-1);
      frames.pop();
      nested = frame.highest;
      continue;
    }
    const node = frame.kids[frame.next++]!;
    const entered = state.encapsulationEnd === null && node.kind === "element" && ENCAPSULATION.test(node.getAttribute("typeof") ?? "");
    if (entered) {
      state.encapsulationEnd = lastOfGroup(node as WElement);
      state.count += headingsWrittenIn(state.source, node as WElement);
      if (state.encapsulationEnd !== node && TRANSCLUSION.test((node as WElement).getAttribute("typeof") ?? "")) {
        state.transclusions.push({ first: node as WElement, last: state.encapsulationEnd });
      }
    }
    const level = headingLevel(node);
    if (level > 0) {
      const heading = node as WElement;
      let id: number;
      if (heading.aux?.noSection || state.encapsulationEnd !== null) {
        // A heading MediaWiki's preprocessor does not see, or one a template, parameter or
        // extension produced, gets an uneditable section and no number: the headings written in
        // a transclusion's arguments were counted when it began (headingsWrittenIn).
        id = -1;
      } else {
        state.count++;
        id = state.count;
      }
      if (level < frame.highest) frame.highest = level;
      frame.current = createSection(state, frame.root, frame.stack, frame.current, heading, level, id);
      placeChild(state, frame, node, true);
    } else if (node.kind === "element") {
      frames.push(wrapFrame(node, null, false));
    } else {
      placeChild(state, frame, node, false);
    }
  }
}

export interface SectionsInfo {
  /** Sections made for headings (pseudo-sections excluded). */
  headings: number;
}

/** `source`: the page's wikitext, for the headings written in its transclusions (none without it). */
export function wrapSections(body: WElement, source: string | null = null, aboutIds: AboutIds | null = null): SectionsInfo {
  const state: WrapState = { count: 0, source, encapsulationEnd: null, headings: 0, transclusions: [] };
  const lead = new Section(6);
  lead.setId(0);
  wrapAll(state, lead, body);
  body.insertBefore(lead.container, body.children[0] ?? null);
  if (source !== null && aboutIds !== null && state.transclusions.length > 0) resolveTemplateSectionConflicts(state.transclusions, source, aboutIds);
  return { headings: state.headings };
}

/** The conversion's about ids: `next()` gives an unused one (a number, written "#mwt<n>"). */
export interface AboutIds {
  next(): number;
}

const TRANSCLUSION = /(?:^|\s)mw:Transclusion(?:\s|$)/;

/** The nearest <section> this pass made around `node`. */
function sectionOf(node: WNode): WElement | null {
  for (let n = node.parent; n; n = n.parent) if (isParsoidSection(n)) return n;
  return null;
}

/**
 * Where the source of `node` starts (or ends): its dsr, or for a section, that of its first (last)
 * element child less (plus) the widths of the text and comments before (after) it; null when
 * unknown (Parsoid's WrapSectionsState::getDSR).
 */
function sourceEdge(node: WElement, start: boolean): number | null {
  if (!isParsoidSection(node)) {
    const dsr = node.dp?.dsr;
    const v = dsr ? dsr[start ? 0 : 1] : undefined;
    return typeof v === "number" ? v : null;
  }
  const kids = node.children;
  let offset = 0;
  for (let i = start ? 0 : kids.length - 1; i >= 0 && i < kids.length; i += start ? 1 : -1) {
    const c = kids[i]!;
    if (c.kind === "text") offset += c.value.length;
    else if (c.kind === "comment") offset += commentSourceWidth(c.value);
    else {
      const edge = sourceEdge(c, start);
      return edge === null ? null : edge + (start ? -offset : offset);
    }
  }
  return null;
}

interface SectionRange {
  start: WElement;
  end: WElement;
  wrappers: WElement[];
}

/**
 * A transclusion whose output starts in one section and ends in another (its headings made
 * sections) makes the sections from the one holding its start to the one holding its end one
 * transclusion of their own, as Parsoid's WrapSectionsState::resolveTplExtSectionConflicts does:
 * those sections share a new about id, and the first carries typeof, the transclusion's parts
 * with the page's text before and after them in the sections, and its source range. The
 * transclusion's own nodes keep their marks.
 */
function resolveTemplateSectionConflicts(transclusions: ReadonlyArray<{ first: WElement; last: WNode }>, source: string, aboutIds: AboutIds): void {
  const ranges = new Map<string, SectionRange>();
  for (const { first, last } of transclusions) {
    const s1 = sectionOf(first);
    const s2 = sectionOf(last);
    if (!s1 || !s2 || s1 === s2) continue;
    // The closest common ancestor of the two sections, and the siblings under it holding them.
    const s2Path: WElement[] = [];
    for (let n: WElement | null = s2; n; n = n.parent) s2Path.push(n);
    const s1Path: WElement[] = [];
    let ancestor: WElement | null = s1;
    while (ancestor && !s2Path.includes(ancestor)) {
      s1Path.push(ancestor);
      ancestor = ancestor.parent;
    }
    if (!ancestor) continue;
    let start: WElement;
    let end: WElement;
    if (ancestor === s1 || ancestor === s2) {
      start = ancestor;
      end = ancestor;
    } else {
      start = s1Path[s1Path.length - 1]!;
      end = s2Path[s2Path.indexOf(ancestor) - 1]!;
    }
    if (!isParsoidSection(start) || !isParsoidSection(end)) continue;
    const startAbout = start.getAttribute("about");
    let range = startAbout === null ? undefined : ranges.get(startAbout);
    if (range) {
      // Overlaps a range already made: it grows to `end`.
      if (end.getAttribute("about") === null) {
        range.end = end;
        end.setAttribute("about", startAbout!);
      }
    } else {
      // Nested in a range already made: that range takes the transclusion.
      for (let n = start.parent; n && !range; n = n.parent) {
        const about = isParsoidSection(n) ? n.getAttribute("about") : null;
        if (about !== null) range = ranges.get(about);
      }
      if (!range) {
        const about = `#mwt${aboutIds.next()}`;
        start.setAttribute("about", about);
        end.setAttribute("about", about);
        range = { start, end, wrappers: [] };
        ranges.set(about, range);
      }
    }
    range.wrappers.push(first);
  }
  for (const [about, range] of ranges) collapseIntoSection(range, about, source);
}

/** Gives `range.start` the transclusion marks of the range (see resolveTemplateSectionConflicts). */
function collapseIntoSection(range: SectionRange, about: string, source: string): void {
  const siblings = range.start.parent?.children ?? [range.start];
  for (let i = siblings.indexOf(range.start); i >= 0 && i < siblings.length; i++) {
    const n = siblings[i]!;
    if (n.kind === "element" && isParsoidSection(n)) n.setAttribute("about", about);
    if (n === range.end) break;
  }
  const from = sourceEdge(range.start, true);
  const to = sourceEdge(range.end, false);
  // One transclusion whose data-mw is a plain parts list (the common case; several would need
  // their parts renumbered): anything else keeps the sections as they are.
  const wrapper = range.wrappers.length === 1 ? range.wrappers[0]! : null;
  const dataMw = wrapper?.getAttribute("data-mw") ?? null;
  const wrapperDsr = wrapper?.dp?.dsr;
  if (from === null || to === null || wrapper === null || dataMw === null || !wrapperDsr || !dataMw.startsWith(PARTS_OPEN) || !dataMw.endsWith("]}")) return;
  const [tplStart, tplEnd] = wrapperDsr;
  if (typeof tplStart !== "number" || typeof tplEnd !== "number" || from > tplStart || tplEnd > to) return;
  let parts = dataMw.slice(PARTS_OPEN.length, dataMw.length - 2);
  if (from < tplStart) parts = `${JSON.stringify(source.slice(from, tplStart))},${parts}`;
  if (tplEnd < to) parts = `${parts},${JSON.stringify(source.slice(tplEnd, to))}`;
  const section = range.start;
  section.setAttribute("typeof", "mw:Transclusion");
  section.setAttribute("data-mw", `${PARTS_OPEN}${parts}]}`);
  section.dp = { dsr: [from, to, 0, 0] };
  const pi = wrapper.dp?.["pi"];
  if (pi !== undefined) section.dp["pi"] = pi;
}

const PARTS_OPEN = '{"parts":[';

/** Transclusions and parameters: the page's text, whose arguments MediaWiki's preprocessor reads. */
const WRITTEN_CALL = /(?:^|\s)mw:(?:Transclusion|Param)(?:\s|$)/;

/**
 * Headings written in the arguments of the transclusion `first` begins: MediaWiki's preprocessor
 * numbers every heading line of the page's text, inside a call's arguments too (whether or not
 * the template shows the argument), never those of a template's own text.
 */
function headingsWrittenIn(source: string | null, first: WElement): number {
  const dsr = first.dp?.dsr;
  if (source === null || !dsr || !WRITTEN_CALL.test(first.getAttribute("typeof") ?? "")) return 0;
  const start = dsr[0];
  const end = dsr[1];
  if (typeof start !== "number" || typeof end !== "number") return 0;
  let count = 0;
  for (let nl = source.indexOf("\n=", start); nl >= 0 && nl < end; nl = source.indexOf("\n=", nl + 1)) {
    let lineEnd = source.indexOf("\n", nl + 1);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    if (isHeadingLine(source, nl + 1, lineEnd)) count++;
  }
  return count;
}

/**
 * Whether [from, to) is a heading line as the preprocessor reads one: a run of `=`, and a last
 * run of `=` followed only by spaces, tabs and comments (a line of `=` alone needs three).
 */
function isHeadingLine(source: string, from: number, to: number): boolean {
  let open = from;
  while (open < to && source.charCodeAt(open) === 0x3d) open++;
  let last = to;
  for (;;) {
    while (last > open && (source.charCodeAt(last - 1) === 0x20 || source.charCodeAt(last - 1) === 0x09)) last--;
    if (last - open >= 3 && source.startsWith("-->", last - 3)) {
      const comment = source.lastIndexOf("<!--", last - 3);
      if (comment < open) return false;
      last = comment;
      continue;
    }
    break;
  }
  if (last === open) return open - from >= 3;
  return source.charCodeAt(last - 1) === 0x3d;
}

/** Whether an element is a <section> this pass made. */
export function isParsoidSection(node: WNode | null | undefined): boolean {
  return node?.kind === "element" && node.name === "section" && node.hasAttribute("data-mw-section-id");
}

/** Level of a wikitext heading (HTML <hN> tags do not start sections). */
export function headingLevel(node: WNode): number {
  if (node.kind !== "element" || node.dp?.stx === "html") return 0;
  const m = HEADING.exec(node.name);
  return m ? Number(m[1]) : 0;
}
