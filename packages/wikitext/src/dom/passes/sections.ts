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
  /** The last node of the encapsulated content being walked, if any. */
  encapsulationEnd: WNode | null;
  /** Headings that made sections, and pseudo-sections (both count for the TOC). */
  headings: number;
  pseudoSections: number;
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
    state.pseudoSections++;
    section.setId(-2);
  } else {
    state.headings++;
    section.setId(id);
  }
  return section;
}

/** Wraps the children of `root`; returns the highest (smallest) heading level found. */
function wrapIn(state: WrapState, current: Section | null, root: WElement, atTop: boolean): number {
  const stack: Section[] = [];
  let highest = 7;
  for (const node of [...root.children]) {
    let added = false;
    const entered = state.encapsulationEnd === null && node.kind === "element" && ENCAPSULATION.test(node.getAttribute("typeof") ?? "");
    if (entered) state.encapsulationEnd = lastOfGroup(node as WElement);
    const level = headingLevel(node);
    if (level > 0) {
      const heading = node as WElement;
      let id: number;
      if (heading.aux?.noSection) {
        // A heading MediaWiki's preprocessor does not see gets an uneditable section.
        id = -1;
      } else {
        // A template's heading still takes a number in MediaWiki's count.
        state.count++;
        id = state.encapsulationEnd !== null ? -1 : state.count;
      }
      if (level < highest) highest = level;
      current = createSection(state, root, stack, current, heading, level, id);
      added = true;
    } else if (node.kind === "element") {
      const nested = wrapIn(state, null, node, false);
      if (current && !current.nests(nested)) {
        current.setId(-1);
        current = createSection(state, root, stack, current, node, nested, null);
        added = true;
      }
    }
    if (current && !added) current.container.appendChild(node);
    if (state.encapsulationEnd === node) state.encapsulationEnd = null;
  }
  // The last section inside an element would show the element's end tag to a section editor.
  if (current && !atTop) current.setId(-1);
  return highest;
}

export interface SectionsInfo {
  /** Sections made for headings (pseudo-sections excluded). */
  headings: number;
}

export function wrapSections(body: WElement): SectionsInfo {
  const state: WrapState = { count: 0, encapsulationEnd: null, headings: 0, pseudoSections: 0 };
  const lead = new Section(6);
  lead.setId(0);
  wrapIn(state, lead, body, true);
  body.insertBefore(lead.container, body.children[0] ?? null);
  return { headings: state.headings };
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
