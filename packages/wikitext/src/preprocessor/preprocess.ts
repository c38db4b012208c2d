// The preprocessor stage: the page's tree is built once, every top-level `{{...}}`/`{{{...}}}`
// is expanded (templates fetched level by level through the environment) and spliced into the
// page text in place of its source; everything else is kept byte for byte. The result maps
// each expansion's source range to its output range, with the metadata for encapsulation.
import { pageLanguage, type Env } from "../engine-env.js";
import { Title } from "../env/title.js";
import { buildTree } from "./build-tree.js";
import { expansionMetadata, type ExpansionMetadata } from "./data-mw.js";
import { Expander, type BraceResolution } from "./expander.js";
import { Frame } from "./frame.js";
import { defaultRegistry, type FunctionRegistry } from "./functions/registry.js";
import type { PPBrace, PPNode } from "./tree.js";
import { DEFAULT_LIMITS, type Expansion, type PreprocessOptions, type PreprocessResult } from "./types.js";

let sharedRegistry: FunctionRegistry | undefined;

export async function preprocess(source: string, env: Env, options: PreprocessOptions = {}): Promise<PreprocessResult> {
  const languageConversion = options.languageConversion ?? true;
  const tree = buildTree(source, {
    forInclusion: false,
    extensionTags: env.site.extensionTags(),
    languageConversion,
    keepRootText: false,
  });
  sharedRegistry ??= defaultRegistry();
  const functions = options.functions ?? sharedRegistry;
  const shared = options.templates;
  const templates = shared && shared.env === env && shared.languageConversion === languageConversion ? shared : undefined;
  const fetchedBefore = templates?.sources.fetchCount ?? 0;
  const treeWorkBefore = templates?.sources.treeWork ?? 0;
  const expander = new Expander(env, {
    limits: options.limits ? { ...DEFAULT_LIMITS, ...options.limits } : DEFAULT_LIMITS,
    functions,
    now: env.page.timestamp ? new Date(env.page.timestamp) : new Date(),
    userLanguage: options.userLanguage ?? env.page.userlanguage ?? pageLanguage(env.site, env.page),
    languageConversion,
    page: Title.tryParse(env.page.title, env.site),
    templates,
  });
  const root = Frame.root(tree);
  expander.prefetch(tree.nodes);

  // Top-level transclusions are direct children of the root: brackets and heading lines that
  // contain them are flattened into it by the tree builder.
  const page = new PageText(source, expander, root, options.parserFunctionOutput === "v3");
  let copied = 0;
  for (const node of tree.nodes) {
    if (typeof node === "string" || (node.kind !== "template" && node.kind !== "tplarg")) continue;
    page.text += source.slice(copied, node.start);
    await page.emit(node);
    copied = node.end;
  }
  const text = page.text + source.slice(copied);
  const expansions = page.expansions;

  return {
    text,
    expansions,
    stats: {
      nodeCount: expander.nodeCount,
      postExpandSize: expander.postExpandSize,
      templatesFetched: expander.sources.fetchCount - fetchedBefore,
      maxDepth: expander.maxDepth,
      treeWork: tree.work + expander.sources.treeWork - treeWorkBefore,
    },
    pageProperties: expander.pagePropertyRecord(),
  };
}

/** The page's output text as it is assembled, and its expansions. */
class PageText {
  text = "";
  /** (Four slots reserved rather than sixteen: most texts preprocessed are <ref> bodies with one call.) */
  readonly expansions: Expansion[] = new Array<Expansion>();

  constructor(private readonly source: string, private readonly expander: Expander, private readonly root: Frame, private readonly v3: boolean) {}

  /** Appends a top-level call's output, or its text with the calls inside it when it stays literal. */
  async emit(node: PPBrace): Promise<void> {
    const { source } = this;
    const output = await this.expander.expandBrace(node, this.root, true);
    const nested = output.resolution.kind === "literal" ? nestedBraces(node) : [];
    if (nested.length > 0) {
      // Parsoid leaves a call it cannot expand as text, and encapsulates the calls inside it.
      let pos = node.start;
      for (const child of nested) {
        this.text += source.slice(pos, child.start);
        await this.emit(child);
        pos = child.end;
      }
      this.text += source.slice(pos, node.end);
      return;
    }
    // The line break put before a mid-line table or list (T2529) is not the template's output:
    // Parsoid's transclusion starts after it (`foo {{table}}` leaves it between <p> and <table>).
    const blockNewline = output.blockNewline === true && output.text.length > 1 && output.text.charCodeAt(0) === 10;
    const base = this.text.length;
    const outStart = base + (blockNewline ? 1 : 0);
    this.text += output.text;
    // The metadata is made when first asked for: lint asks only for the transclusions its lints
    // fall in.
    const expansion = new PageExpansion(node, source, output.resolution, this.v3, outStart, this.text.length, output.error);
    if (blockNewline) expansion.blockNewline = true;
    if (output.marks) {
      if (output.marks.newlines.length > 0) expansion.innerBlockNewlines = output.marks.newlines.map((at) => base + at);
      if (output.marks.pipes.length > 0) expansion.innerPipes = output.marks.pipes.map((at) => base + at);
    }
    this.expansions.push(expansion);
  }
}

/**
 * One top-level expansion. Its metadata, and its data-mw (object and JSON), are made on first
 * use: encapsulation reads only the JSON, lint only the object, and only of some expansions.
 */
class PageExpansion implements Expansion {
  readonly srcStart: number;
  readonly srcEnd: number;
  blockNewline: boolean | undefined = undefined;
  innerBlockNewlines: readonly number[] | undefined = undefined;
  innerPipes: readonly number[] | undefined = undefined;
  private json: string | undefined = undefined;
  private transclusion: Expansion["dataMw"] | undefined = undefined;
  private metadata: ExpansionMetadata | undefined = undefined;
  /** What the metadata is made from (fields, not a closure per expansion); dropped once it is made. */
  private node: PPBrace | null;
  private resolution: BraceResolution | null;

  constructor(
    node: PPBrace,
    private readonly source: string,
    resolution: BraceResolution,
    private readonly v3: boolean,
    readonly outStart: number,
    readonly outEnd: number,
    readonly error: string | undefined,
  ) {
    this.srcStart = node.start;
    this.srcEnd = node.end;
    this.node = node;
    this.resolution = resolution;
  }

  private get meta(): ExpansionMetadata {
    if (this.metadata === undefined) {
      this.metadata = expansionMetadata(this.node!, this.source, this.resolution!, this.v3);
      // (The call's tree node and resolution are not needed any more.)
      this.node = null;
      this.resolution = null;
    }
    return this.metadata;
  }

  get typeof(): string {
    return this.meta.typeof;
  }

  get paramInfos(): Expansion["paramInfos"] {
    return this.meta.paramInfos;
  }

  get paramOrder(): string[] {
    return this.meta.paramOrder;
  }

  get part(): Expansion["part"] {
    return this.meta.part;
  }

  get partKind(): Expansion["partKind"] {
    return this.meta.kind;
  }

  get target(): Expansion["target"] {
    return this.meta.target;
  }

  get dataMw(): Expansion["dataMw"] {
    this.transclusion ??= { parts: [this.meta.part] };
    return this.transclusion;
  }

  partJson(i: number): string {
    return this.meta.partJson(i);
  }

  get dataMwJson(): string {
    this.json ??= this.meta.dataMwJson;
    return this.json;
  }
}

/** The calls directly inside a call's target and arguments, in source order. */
function nestedBraces(node: PPBrace): PPBrace[] {
  const found: PPBrace[] = [];
  collectBraces(node.title.nodes, found);
  for (const part of node.parts) collectBraces(part.nodes, found);
  return found;
}

function collectBraces(nodes: readonly PPNode[], found: PPBrace[]): void {
  for (const child of nodes) {
    if (typeof child !== "string" && (child.kind === "template" || child.kind === "tplarg")) found.push(child);
  }
}
