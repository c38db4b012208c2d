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
export function wrapSections(body: WElement, source: string | null = null): SectionsInfo {
  const state: WrapState = { count: 0, source, encapsulationEnd: null, headings: 0 };
  const lead = new Section(6);
  lead.setId(0);
  wrapAll(state, lead, body);
  body.insertBefore(lead.container, body.children[0] ?? null);
  return { headings: state.headings };
}

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
