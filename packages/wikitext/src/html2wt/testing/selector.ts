// A small CSS selector engine over the engine's DOM, for the parser tests' manual edits
// (`["ul > li:first-child", "after", "<li>x</li>"]`): type, universal, #id, .class, attribute
// selectors ([a], [a=v], [a~=v], [a^=v], [a*=v]), :first-child, :last-child, and the
// descendant, child (>) and adjacent sibling (+) combinators; comma lists.
import { walkElements, type WElement } from "../../dom/node.js";

interface AttributeTest {
  name: string;
  op: "" | "=" | "~=" | "^=" | "$=" | "*=";
  value: string;
}

interface Compound {
  tag: string | null;
  ids: string[];
  classes: string[];
  attrs: AttributeTest[];
  pseudos: string[];
}

type Combinator = " " | ">" | "+";

interface Complex {
  /** Compounds left to right; combinators[i] joins compounds[i] and compounds[i + 1]. */
  compounds: Compound[];
  combinators: Combinator[];
}

export class SelectorError extends Error {}

function parseCompound(text: string, pos: number): [Compound, number] {
  const c: Compound = { tag: null, ids: [], classes: [], attrs: [], pseudos: [] };
  const ident = /[A-Za-z0-9_-]+/y;
  const readIdent = (): string => {
    ident.lastIndex = pos;
    const m = ident.exec(text);
    if (!m) throw new SelectorError(`identifier expected at ${pos} in ${text}`);
    pos += m[0].length;
    return m[0];
  };
  if (text[pos] === "*") pos++;
  else if (/[A-Za-z]/.test(text[pos] ?? "")) c.tag = readIdent().toLowerCase();
  for (;;) {
    const ch = text[pos];
    if (ch === "#") {
      pos++;
      c.ids.push(readIdent());
    } else if (ch === ".") {
      pos++;
      c.classes.push(readIdent());
    } else if (ch === ":") {
      pos++;
      c.pseudos.push(readIdent());
    } else if (ch === "[") {
      const end = text.indexOf("]", pos);
      if (end < 0) throw new SelectorError(`unclosed [ in ${text}`);
      const m = /^\s*([A-Za-z_:-][A-Za-z0-9_:.-]*)\s*(?:([~^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]*)))?\s*$/.exec(text.slice(pos + 1, end));
      if (!m) throw new SelectorError(`bad attribute selector in ${text}`);
      c.attrs.push({ name: m[1]!, op: (m[2] ?? "") as AttributeTest["op"], value: m[3] ?? m[4] ?? m[5] ?? "" });
      pos = end + 1;
    } else break;
  }
  return [c, pos];
}

export function parseSelector(text: string): Complex[] {
  return text.split(",").map((part) => {
    const src = part.trim();
    const compounds: Compound[] = [];
    const combinators: Combinator[] = [];
    let pos = 0;
    for (;;) {
      const [compound, next] = parseCompound(src, pos);
      compounds.push(compound);
      pos = next;
      const ws = /\s*([>+])?\s*/y;
      ws.lastIndex = pos;
      const m = ws.exec(src)!;
      if (pos + m[0].length >= src.length) break;
      // Neither whitespace nor a combinator follows: an unsupported construct (":nth-child(2)").
      if (m[0] === "") throw new SelectorError(`unexpected ${JSON.stringify(src[pos])} at ${pos} in ${src}`);
      combinators.push((m[1] as Combinator | undefined) ?? " ");
      pos += m[0].length;
    }
    return { compounds, combinators };
  });
}

function elementSiblings(el: WElement): WElement[] {
  return (el.parent?.children ?? []).filter((c): c is WElement => c.kind === "element");
}

function matchesCompound(el: WElement, c: Compound): boolean {
  if (c.tag !== null && el.name !== c.tag) return false;
  for (const id of c.ids) if (el.getAttribute("id") !== id) return false;
  if (c.classes.length > 0) {
    const classes = (el.getAttribute("class") ?? "").split(/\s+/);
    for (const cls of c.classes) if (!classes.includes(cls)) return false;
  }
  for (const a of c.attrs) {
    const value = el.getAttribute(a.name);
    if (value === null) return false;
    if (a.op === "=" && value !== a.value) return false;
    if (a.op === "~=" && !value.split(/\s+/).includes(a.value)) return false;
    if (a.op === "^=" && !value.startsWith(a.value)) return false;
    if (a.op === "$=" && !value.endsWith(a.value)) return false;
    if (a.op === "*=" && !value.includes(a.value)) return false;
  }
  for (const p of c.pseudos) {
    const siblings = elementSiblings(el);
    if (p === "first-child" && siblings[0] !== el) return false;
    if (p === "last-child" && siblings[siblings.length - 1] !== el) return false;
    if (p !== "first-child" && p !== "last-child") throw new SelectorError(`unsupported :${p}`);
  }
  return true;
}

function matchesFrom(el: WElement, sel: Complex, index: number, root: WElement): boolean {
  if (!matchesCompound(el, sel.compounds[index]!)) return false;
  if (index === 0) return true;
  const combinator = sel.combinators[index - 1]!;
  if (combinator === ">") {
    const parent = el.parent;
    return parent !== null && parent !== root && matchesFrom(parent, sel, index - 1, root);
  }
  if (combinator === "+") {
    const siblings = elementSiblings(el);
    const prev = siblings[siblings.indexOf(el) - 1];
    return prev !== undefined && matchesFrom(prev, sel, index - 1, root);
  }
  for (let a = el.parent; a && a !== root; a = a.parent) if (matchesFrom(a, sel, index - 1, root)) return true;
  return false;
}

/** All elements under `root` (not root itself) matching the selector, in document order. */
export function querySelectorAll(root: WElement, selector: string): WElement[] {
  const complex = parseSelector(selector);
  const out: WElement[] = [];
  walkElements(root, (el) => {
    if (el !== root && complex.some((sel) => matchesFrom(el, sel, sel.compounds.length - 1, root))) out.push(el);
  });
  return out;
}
