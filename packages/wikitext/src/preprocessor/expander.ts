// Expansion of a parse tree in a frame, with MediaWiki's semantics for `{{...}}` (subst,
// variables, parser functions, templates: loop and depth checks, the "starts with a block"
// newline) and `{{{...}}}`, and its limits (node count, expansion depth, post-expand size).
import { addMarks, emptyMarks, isEmptyMarks, shiftedMarks, type OutputMarks } from "./output-marks.js";
import type { Env } from "../engine-env.js";
import { NS_SPECIAL, NS_TEMPLATE, Title } from "../env/title.js";
import { decodeEntities } from "../util/entities.js";
import { buildTree } from "./build-tree.js";
import { Frame, phpTrim, type NodeExpander } from "./frame.js";
import type { FunctionRegistry } from "./functions/registry.js";
import type { CallContext, FunctionArg, ParserFunction } from "./functions/types.js";
import { ConversionTemplates, type TemplateSources } from "./template-source.js";
import { escapeWikiText } from "./functions/php-text.js";
import {
  KEEP_COMMENTS,
  KEEP_DIRECTIVES,
  KEEP_NOTHING,
  partNameNodes,
  partValueNodes,
  type Keep,
  type PPBrace,
  type PPExt,
  type PPNode,
  type PPPart,
} from "./tree.js";
import type { PreprocessLimits } from "./types.js";
import { checkDeadline } from "../limits.js";
import { memoizedPerObject } from "../util/memo.js";

/** What a `{{...}}` turned out to be, for the transclusion metadata. */
export type BraceResolution =
  | { kind: "template"; title: Title; missing: boolean }
  | { kind: "function"; name: string; fn: ParserFunction | null }
  | { kind: "variable"; name: string }
  | { kind: "tplarg" }
  /** Not expandable (invalid target, subst: outside a save): the braces stay as text. */
  | { kind: "literal" };

export interface BraceOutput {
  text: string;
  resolution: BraceResolution;
  error?: string;
  /** The text starts with the line break put before block syntax in mid-line output (T2529). */
  blockNewline?: boolean;
  /** What Parsoid tells apart in the text, from calls nested in it (see output-marks.ts). */
  marks?: OutputMarks;
}

/** A call without arguments, expanded once per page (MediaWiki's empty-frame cache). */
interface CachedExpansion {
  text: string;
  marks: OutputMarks | undefined;
}

export interface ExpanderOptions {
  limits: PreprocessLimits;
  functions: FunctionRegistry;
  now: Date;
  userLanguage: string;
  languageConversion: boolean;
  /** Page title of the conversion (null when the page title is not a valid title). */
  page: Title | null;
  /** Template and title caches shared with the rest of the conversion (else the expander's own). */
  templates?: ConversionTemplates;
}

/**
 * Extension tags whose content is wikitext that MediaWiki parses in the template's frame. (Not
 * <gallery>: its hook gets no frame, so a template's {{{arg}}} in it stays as written, which the
 * linter reports as template-arg-in-extension-tag.)
 */
const FRAME_CONTENT_TAGS = new Set(["ref", "references", "poem", "indicator"]);

/** Words that change how a template is looked up, tried in this order. */
const LOOKUP_MODIFIERS = ["msgnw", "msg", "raw"] as const;

/** A template whose output starts like a block gets its own line (MediaWiki T2529). */
const BLOCK_START = /^(?:\{\||:|;|#|\*)/;
const ONLYINCLUDE_TAG = "<onlyinclude>";

/**
 * Whether an output starts with block syntax (MediaWiki then puts it on a line of its own). An
 * `<onlyinclude>` tag kept in front of it (a transclusion's, see substituteTemplate) does not
 * count: MediaWiki's output has no such tag.
 */
function startsBlock(text: string): boolean {
  return BLOCK_START.test(text) || (text.startsWith(ONLYINCLUDE_TAG) && BLOCK_START.test(text.slice(ONLYINCLUDE_TAG.length)));
}

function errorSpan(message: string): string {
  return `<span class="error">${message}</span>`;
}

export class Expander implements NodeExpander {
  readonly sources: TemplateSources;
  nodeCount = 0;
  postExpandSize = 0;
  maxDepth = 0;
  private expandDepth = 0;
  private readonly existence: Map<string, Promise<boolean>>;
  private readonly titles: Map<string, Title | null>;
  /** Made on first use, as the page properties: most calls (every <ref> body is one) need neither. */
  private emptyFrameCache: Map<string, CachedExpansion> | null = null;
  /** Template trees whose calls have been prefetched already. */
  private readonly prefetched: WeakSet<object>;
  private properties: Map<string, string> | null = null;

  /** Page properties set by functions (displaytitle, defaultsort), last one wins. */
  get pageProperties(): Map<string, string> {
    return (this.properties ??= new Map());
  }

  /** The page properties as a plain object. */
  pagePropertyRecord(): Record<string, string> {
    return this.properties ? Object.fromEntries(this.properties) : {};
  }

  constructor(readonly env: Env, readonly options: ExpanderOptions) {
    const templates = options.templates ?? new ConversionTemplates(env, options.languageConversion);
    this.sources = templates.sources;
    this.existence = templates.existence;
    this.titles = templates.titles;
    this.prefetched = templates.prefetched;
  }

  /**
   * What expand() gives for nodes with nothing to expand (text, `=`, comments, ignored tags),
   * without a promise: most call targets and parameter names are plain text, and every await
   * costs a turn. Undefined when some node needs expanding or a limit would be reached (expand()
   * then reports it). Counts the nodes exactly as expand() does.
   */
  plainText(nodes: readonly PPNode[], frame: Frame, keep: Keep = KEEP_NOTHING): string | undefined {
    const { limits } = this.options;
    if (this.expandDepth >= limits.maxExpandDepth || this.nodeCount + nodes.length > limits.maxNodeCount) return undefined;
    let out = "";
    for (const node of nodes) {
      if (typeof node === "string") out += node;
      else if (node.kind === "equals") out += "=";
      else if (node.kind === "comment") {
        if (keep & KEEP_COMMENTS) out += frame.tree.source.slice(node.start, node.end);
      } else if (node.kind === "ignore") {
        if (node.directive && keep & KEEP_DIRECTIVES) out += frame.tree.source.slice(node.start, node.end);
      } else return undefined;
    }
    this.nodeCount += nodes.length;
    return out;
  }

  /**
   * `marks`, when given, collects what Parsoid tells apart in the text (output-marks.ts): the
   * line breaks put before the block syntax of the calls in it, the pipes of its {{!}}s, and
   * those of the calls nested in them.
   */
  async expand(nodes: readonly PPNode[], frame: Frame, keep: Keep = KEEP_NOTHING, marks?: OutputMarks): Promise<string> {
    const { limits } = this.options;
    if (this.expandDepth >= limits.maxExpandDepth) return errorSpan("Expansion depth limit exceeded");
    this.expandDepth++;
    try {
      let out = "";
      for (const node of nodes) {
        if (++this.nodeCount > limits.maxNodeCount) return errorSpan("Node-count limit exceeded");
        if (typeof node === "string") {
          out += node;
          continue;
        }
        switch (node.kind) {
          case "comment":
            if (keep & KEEP_COMMENTS) out += frame.tree.source.slice(node.start, node.end);
            break;
          case "ignore":
            if (node.directive && keep & KEEP_DIRECTIVES) out += frame.tree.source.slice(node.start, node.end);
            break;
          case "equals":
            out += "=";
            break;
          case "ext":
            out += await this.expandExtension(node, frame);
            break;
          case "template":
          case "tplarg": {
            const output = await this.expandBrace(node, frame);
            if (marks) {
              if (output.blockNewline === true && output.text.charCodeAt(0) === 10) marks.newlines.push(out.length);
              else if (output.resolution.kind === "variable" && output.resolution.name === "!" && output.text === "|") marks.pipes.push(out.length);
              if (output.marks) addMarks(marks, output.marks, out.length);
            }
            out += output.text;
            break;
          }
        }
      }
      return out;
    } finally {
      this.expandDepth--;
    }
  }

  /** Extension tags are opaque, except that args inside wikitext-content tags of a template
   * take the template's values (MediaWiki parses such content in the template's frame). */
  private async expandExtension(node: PPExt, frame: Frame): Promise<string> {
    const raw = frame.tree.source.slice(node.start, node.end);
    if (frame.isRoot || node.inner === null || !FRAME_CONTENT_TAGS.has(node.name.toLowerCase())) return raw;
    if (!node.inner.includes("{{")) return raw;
    const innerTree = buildTree(node.inner, {
      forInclusion: false,
      extensionTags: this.env.site.extensionTags(),
      languageConversion: this.options.languageConversion,
    });
    const innerFrame = frame.withTree(innerTree);
    const inner = await this.expand(innerTree.nodes, innerFrame);
    return `<${node.name}${node.attr}>${inner}${node.close ?? ""}`;
  }

  /** `onPage`: the call is a transclusion of the page (its output is the page's text, not an argument). */
  async expandBrace(node: PPBrace, frame: Frame, onPage = false): Promise<BraceOutput> {
    checkDeadline(this.env);
    const output = node.kind === "tplarg" ? await this.substituteArg(node, frame) : await this.substituteTemplate(node, frame, onPage);
    if (output.resolution.kind !== "literal" && output.resolution.kind !== "tplarg" && !node.lineStart && startsBlock(output.text)) {
      output.text = "\n" + output.text;
      output.blockNewline = true;
      if (output.marks) output.marks = shiftedMarks(output.marks, 1);
    }
    this.postExpandSize += output.text.length;
    if (this.postExpandSize > this.options.limits.maxIncludeSize && output.resolution.kind !== "literal") {
      const what = output.resolution.kind === "tplarg" ? "argument" : "template";
      const link = output.resolution.kind === "template" ? `[[:${output.resolution.title.prefixedText}]]` : "";
      output.text = `${link}<!-- WARNING: ${what} omitted, post-expand include size too large -->`;
      output.error = "post-expand-include-size";
      output.marks = undefined;
    }
    return output;
  }

  private async substituteArg(node: PPBrace, frame: Frame): Promise<BraceOutput> {
    const nameText = this.plainText(node.title.nodes, frame) ?? (await this.expand(node.title.nodes, frame));
    const value = frame.getArg(phpTrim(nameText), this);
    let text: string;
    if (value !== undefined) text = await value;
    else if (node.parts[0]) text = this.plainText(node.parts[0].nodes, frame) ?? (await this.expand(node.parts[0].nodes, frame));
    else text = `{{{${nameText}}}}`;
    return { text, resolution: { kind: "tplarg" } };
  }

  /** `{{` + the expanded parts joined by `|` + `}}`: what an unexpandable call leaves. */
  private async literalBraces(titleText: string, parts: readonly PPPart[], frame: Frame): Promise<BraceOutput> {
    let text = `{{${titleText}`;
    for (const part of parts) text += `|${await this.expand(part.nodes, frame)}`;
    return { text: `${text}}}`, resolution: { kind: "literal" } };
  }

  private async substituteTemplate(node: PPBrace, frame: Frame, onPage: boolean): Promise<BraceOutput> {
    const site = this.env.site;
    const titleText = this.plainText(node.title.nodes, frame) ?? (await this.expand(node.title.nodes, frame));
    let part1 = phpTrim(titleText);

    // subst: only acts when saving; in a normal parse the call stays as text. safesubst: is
    // dropped so that the call works both ways. msg:/raw:/msgnw: only change how the template is
    // looked up or escaped. All of these words end with a colon.
    let noWiki = false;
    if (part1.includes(":")) {
      if (stripPrefixWord(site, part1, "subst") !== null) return this.literalBraces(titleText, node.parts, frame);
      const safe = stripPrefixWord(site, part1, "safesubst");
      if (safe !== null) part1 = phpTrim(safe);
      for (const modifier of LOOKUP_MODIFIERS) {
        const rest = stripPrefixWord(site, part1, modifier);
        if (rest !== null) {
          part1 = phpTrim(rest);
          noWiki = modifier === "msgnw";
          break;
        }
      }
    }

    if (node.parts.length === 0) {
      const word = site.magicWordForAlias(part1);
      const variable = word !== undefined ? this.options.functions.variable(word) : undefined;
      if (variable) {
        const ctx = this.callContext(frame, "", false, []);
        return { text: await variable.get(ctx), resolution: { kind: "variable", name: variable.name } };
      }
    }

    const colon = part1.indexOf(":");
    if (colon > 0 || part1.startsWith("#")) {
      const funcName = colon > 0 ? part1.slice(0, colon) : part1;
      const fn = this.options.functions.lookup(site, funcName);
      if (fn) {
        const first = colon > 0 ? phpTrim(part1.slice(colon + 1)) : "";
        const ctx = this.callContext(frame, first, colon > 0, node.parts);
        const text = await fn.call(ctx);
        return { text, resolution: { kind: "function", name: fn.name, fn } };
      }
      if (funcName.startsWith("#")) {
        // Parsoid's answer for a hash function nobody implements.
        const name = funcName.slice(1);
        return {
          text: `Parser function implementation for pf_${name} missing in Parsoid.`,
          resolution: { kind: "function", name, fn: null },
        };
      }
    }

    const relative = this.subpageTarget(part1);
    const title = relative ?? this.templateTitle(part1);
    if (!title || title.isExternal) return this.literalBraces(titleText, node.parts, frame);
    if (title.ns === NS_SPECIAL || this.nonIncludable(title.ns)) {
      return { text: `[[:${title.prefixedText}]]`, resolution: { kind: "template", title, missing: true } };
    }
    if (frame.isLoop(title)) {
      const error = errorSpan(`Template loop detected: [[${title.prefixedText}]]`);
      return { text: error, resolution: { kind: "template", title, missing: false }, error: "template-loop" };
    }
    if (frame.depth >= this.options.limits.maxTemplateDepth) {
      const error = errorSpan(`Template recursion depth limit exceeded (${this.options.limits.maxTemplateDepth})`);
      return { text: error, resolution: { kind: "template", title, missing: false }, error: "template-depth" };
    }
    const template = await this.sources.get(title);
    if (!template) {
      return { text: `[[:${title.prefixedText}]]`, resolution: { kind: "template", title, missing: true } };
    }
    if (noWiki) {
      // msgnw: the template's source itself, made inert.
      return { text: escapeWikiText(template.source), resolution: { kind: "template", title, missing: false } };
    }
    // The `<onlyinclude>` tags of a template transcluded on the page stay in its output, to
    // become Parsoid's metas; anywhere else (an argument, a function's input) they would be
    // text that MediaWiki never sees.
    const keep = onPage && this.sources.tree(template).onlyinclude ? KEEP_DIRECTIVES : KEEP_NOTHING;
    // A call without arguments always expands the same: MediaWiki caches it (which also keeps
    // templates that call each other without arguments linear).
    const cacheKey = node.parts.length === 0 && keep === KEEP_NOTHING ? template.title.prefixedText : null;
    const cached = cacheKey !== null ? this.emptyFrameCache?.get(cacheKey) : undefined;
    if (cached !== undefined) {
      return { text: cached.text, resolution: { kind: "template", title, missing: false }, marks: cached.marks && shiftedMarks(cached.marks, 0) };
    }
    const tree = this.sources.tree(template);
    const child = Frame.child(title, tree, frame);
    this.maxDepth = Math.max(this.maxDepth, child.depth);
    let index = 1;
    for (const part of node.parts) {
      if (part.eqIndex !== null) {
        const nameNodes = partNameNodes(part);
        const name = phpTrim(this.plainText(nameNodes, frame) ?? (await this.expand(nameNodes, frame)));
        child.setArg(name, partValueNodes(part), true);
      } else {
        child.setArg(String(index++), part.nodes, false);
      }
    }
    if (!this.prefetched.has(tree)) {
      this.prefetched.add(tree);
      this.prefetch(tree.nodes);
    }
    const collected = emptyMarks();
    const text = await this.expand(tree.nodes, child, keep, collected);
    const marks = isEmptyMarks(collected) ? undefined : collected;
    // (The cache keeps a copy: an output's marks are shifted in place of use.)
    if (cacheKey !== null) (this.emptyFrameCache ??= new Map()).set(cacheKey, { text, marks: marks && shiftedMarks(marks, 0) });
    return { text, resolution: { kind: "template", title, missing: false }, marks };
  }

  /**
   * `{{/Sub}}` and `{{../Sibling}}` on a page whose namespace has subpages name pages relative
   * to it (MediaWiki's subpage links); null when the target is not relative or climbs too high.
   */
  private subpageTarget(target: string): Title | null {
    const page = this.options.page;
    if (!page || !(target.startsWith("/") || target.startsWith("../"))) return null;
    if (!(this.env.site.namespace(page.ns)?.subpages ?? false)) return null;
    let resolved: string;
    if (target.startsWith("/")) {
      resolved = `${page.prefixedText}/${target.slice(1).replace(/\/+$/, "").trim()}`;
    } else {
      let levels = 0;
      let rest = target;
      while (rest.startsWith("../")) {
        levels++;
        rest = rest.slice(3);
      }
      const segments = page.prefixedText.split("/");
      if (segments.length <= levels) return null;
      resolved = segments.slice(0, segments.length - levels).join("/");
      rest = rest.replace(/\/+$/, "");
      if (rest !== "") resolved += `/${rest}`;
    }
    return Title.tryParse(resolved, this.env.site);
  }

  /** Namespaces the wiki forbids transcluding from ($wgNonincludableNamespaces). */
  private nonIncludable(ns: number): boolean {
    return this.env.site.info.namespaces[String(ns)]?.nonincludable === true;
  }

  /** The title a call target names (parsed once per text: pages repeat their templates). */
  private templateTitle(target: string): Title | null {
    let title = this.titles.get(target);
    if (title === undefined) {
      // Character references in a target name what they stand for ({{Foo&ndash;bar}}).
      title = Title.tryParse(decodeEntities(target), this.env.site, NS_TEMPLATE);
      this.titles.set(target, title);
    }
    return title;
  }

  /** Starts fetching every template a tree names literally, so that they load together. */
  prefetch(nodes: readonly PPNode[]): void {
    const site = this.env.site;
    for (const node of nodes) {
      if (typeof node === "string" || node.kind !== "template") continue;
      const [only] = node.title.nodes;
      if (node.title.nodes.length === 1 && typeof only === "string") {
        const name = phpTrim(only);
        const colon = name.indexOf(":");
        const looksLikeCall = colon > 0 && this.options.functions.lookup(site, name.slice(0, colon)) !== undefined;
        const isVariable = site.magicWordForAlias(name) !== undefined;
        if (!looksLikeCall && !isVariable && !name.startsWith("#")) {
          const title = this.templateTitle(name);
          if (title && !title.isExternal && title.ns !== NS_SPECIAL) void this.sources.get(title);
        }
      }
      for (const part of node.parts) this.prefetch(part.nodes);
    }
  }

  private callContext(frame: Frame, first: string, hasFirst: boolean, parts: readonly PPPart[]): CallContext {
    const args = parts.map((part) => new LazyArg(part, frame, this));
    const env = this.env;
    return {
      env,
      page: this.options.page,
      frame,
      first,
      hasFirst,
      args,
      now: this.options.now,
      userLanguage: this.options.userLanguage,
      async allArgs() {
        const values = hasFirst ? [first] : [];
        for (const arg of args) values.push(await arg.whole());
        return values;
      },
      pageExists: (title) => this.pageExists(title),
      setPageProperty: (name, value, replace) => {
        if (replace || !this.pageProperties.has(name)) this.pageProperties.set(name, value);
      },
      pageSource: async (title) => {
        const page = await this.sources.get(title);
        return page ? { source: page.source, revid: page.revid } : null;
      },
    };
  }

  private pageExists(title: Title): Promise<boolean> {
    const key = title.prefixedText;
    let known = this.existence.get(key);
    if (!known) {
      known = this.env.data.getPageExistence([key]).then((map) => map.get(key)?.exists === true, () => false);
      this.existence.set(key, known);
    }
    return known;
  }
}

/** A parser-function argument expanded on demand, at most once. */
class LazyArg implements FunctionArg {
  readonly isNamed: boolean;
  private expandedText: Promise<string> | undefined;
  private wholeText: Promise<string> | undefined;
  private nameText: Promise<string> | undefined;
  private valueText: Promise<string> | undefined;

  constructor(readonly part: PPPart, private readonly frame: Frame, private readonly expander: Expander) {
    this.isNamed = part.eqIndex !== null;
  }

  expanded(): Promise<string> {
    this.expandedText ??= this.expander.expand(this.part.nodes, this.frame);
    return this.expandedText;
  }

  whole(): Promise<string> {
    this.wholeText ??= this.expanded().then(phpTrim);
    return this.wholeText;
  }

  name(): Promise<string> {
    if (!this.isNamed) return Promise.resolve("");
    this.nameText ??= this.expander.expand(partNameNodes(this.part), this.frame).then(phpTrim);
    return this.nameText;
  }

  value(): Promise<string> {
    if (!this.isNamed) return this.whole();
    this.valueText ??= this.expander.expand(partValueNodes(this.part), this.frame).then(phpTrim);
    return this.valueText;
  }
}

/**
 * Removes a prefix magic word such as "subst:" from the start of a call target, honouring the
 * word's aliases and case sensitivity; null when the target does not start with it.
 */
export function stripPrefixWord(site: Env["site"], text: string, wordName: string): string | null {
  const word = site.magicWord(wordName);
  if (!word) return null;
  const caseSensitive = word["case-sensitive"] === true;
  const lowered = caseSensitive ? word.aliases : lowercaseAliases(word);
  for (let k = 0; k < word.aliases.length; k++) {
    const alias = word.aliases[k]!;
    const head = text.slice(0, alias.length);
    if (caseSensitive ? head === alias : head.toLowerCase() === lowered[k]) return text.slice(alias.length);
  }
  return null;
}

type MagicWord = NonNullable<ReturnType<Env["site"]["magicWord"]>>;
/** A case-insensitive word's aliases in lower case, made once per word (every call with a colon checks five words). */
const lowercaseAliases = memoizedPerObject(
  (word: MagicWord): readonly string[] => word.aliases.map((alias) => alias.toLowerCase()),
);
