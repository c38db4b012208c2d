// Expansion frames: the page itself, or one template invocation with its arguments. Argument
// values are expanded lazily, in the caller's frame, and at most once (MediaWiki's PPTemplateFrame).
import type { Title } from "../env/title.js";
import { KEEP_NOTHING, KEEP_PAGE_MARKUP, type Keep, type PPNode, type PPTree } from "./tree.js";

/** Something that can expand nodes in a frame (the expander; kept abstract to avoid a cycle). */
export interface NodeExpander {
  /** `keep`: the comments and include directives at this level that stay in the output (not in nested expansions). */
  expand(nodes: readonly PPNode[], frame: Frame, keep?: Keep): Promise<string>;
  /** The same for nodes with nothing to expand, without a promise; undefined otherwise. */
  plainText(nodes: readonly PPNode[], frame: Frame, keep?: Keep): string | undefined;
}

interface ArgSource {
  nodes: readonly PPNode[];
  /** Named values are trimmed, numbered ones kept as they are. */
  trim: boolean;
}

/** PHP's trim(): only ASCII whitespace and NUL, never Unicode spaces. */
export function phpTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPhpSpace(text.charCodeAt(start))) start++;
  while (end > start && isPhpSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isPhpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x00 || c === 0x0b;
}

export class Frame {
  /** The template being expanded; null for the page. */
  readonly title: Title | null;
  /** The text whose tree is being expanded (extension tags are sliced from it). */
  readonly tree: PPTree;
  readonly parent: Frame | null;
  /** Template nesting: 0 for the page. */
  readonly depth: number;
  // Made on first use: the page's frame (one per preprocess call, and every <ref> body is one)
  // has no arguments.
  private args: Map<string, ArgSource> | null = null;
  private expanded: Map<string, Promise<string>> | null = null;
  /**
   * The template's prefixed title, for the loop check. The check walks up the parents (a
   * dozen at most in practice) instead of each frame copying its ancestors' titles into a set.
   */
  private readonly key: string | null;

  private constructor(title: Title | null, tree: PPTree, parent: Frame | null) {
    this.title = title;
    this.tree = tree;
    this.parent = parent;
    this.depth = parent ? parent.depth + 1 : 0;
    this.key = title ? title.prefixedText : null;
  }

  /** The same frame (arguments, ancestry) over another text, e.g. an extension tag's content. */
  withTree(tree: PPTree): Frame {
    const frame = new Frame(this.title, tree, this.parent);
    (frame as { depth: number }).depth = this.depth;
    // Both frames share the arguments and their expansions (each is expanded once).
    frame.args = this.args ??= new Map();
    frame.expanded = this.expanded ??= new Map();
    return frame;
  }

  /** The page's frame. It has no title of its own: a page may transclude itself once, as in
   * MediaWiki, whose loop check only covers templates. */
  static root(tree: PPTree): Frame {
    return new Frame(null, tree, null);
  }

  /** A frame for a template called from `parent`; arguments are set with setArg. */
  static child(title: Title, tree: PPTree, parent: Frame): Frame {
    return new Frame(title, tree, parent);
  }

  /** Whether expanding `title` here would recurse into itself. */
  isLoop(title: Title): boolean {
    const key = title.prefixedText;
    for (let frame: Frame | null = this; frame; frame = frame.parent) {
      if (frame.key === key) return true;
    }
    return false;
  }

  get isRoot(): boolean {
    return this.parent === null;
  }

  /** Later arguments with the same name win, numbered or named alike. */
  setArg(name: string, nodes: readonly PPNode[], trim: boolean): void {
    const args = (this.args ??= new Map());
    args.delete(name);
    args.set(name, { nodes, trim });
  }

  hasArgs(): boolean {
    return this.args !== null && this.args.size > 0;
  }

  argNames(): string[] {
    return this.args ? [...this.args.keys()] : [];
  }

  /** The expanded value of an argument, or undefined when the caller did not pass it. */
  getArg(name: string, expander: NodeExpander): Promise<string> | undefined {
    const source = this.args?.get(name);
    if (!source || !this.parent) return undefined;
    const expanded = (this.expanded ??= new Map());
    let value = expanded.get(name);
    if (!value) {
      const parent = this.parent;
      // Comments and include directives written in the page's own arguments stay in the output,
      // as in Parsoid (it tokenizes the page's text, arguments included, and keeps them as nodes
      // for round-tripping); a template's own comments and include tags do not.
      const keep = parent.isRoot ? KEEP_PAGE_MARKUP : KEEP_NOTHING;
      const plain = expander.plainText(source.nodes, parent, keep);
      value =
        plain !== undefined
          ? Promise.resolve(source.trim ? phpTrim(plain) : plain)
          : expander.expand(source.nodes, parent, keep).then((text) => (source.trim ? phpTrim(text) : text));
      expanded.set(name, value);
    }
    return value;
  }
}
