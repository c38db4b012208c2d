// State shared by the lint checks of one document: the source, the site, the linter settings, the
// lexical facts the tokenizer recorded, and the items found so far.
import type { SiteConfig } from "../env/site-config.js";
import type { PageConfig } from "../env/data-access.js";
import type { Dsr } from "../dom/data-parser.js";
import type { LexicalFacts, SourceSpan } from "./lexical.js";
import type { LintItem } from "./types.js";
import type { ExpansionMap } from "../preprocessor/offset-map.js";
import type { TransclusionGroup } from "./transclusions.js";

/** Linter settings and their defaults (Parsoid's site configuration values). */
export interface LinterSettings {
  /** Runs of nowrap content shorter than this are not worth a tidy-whitespace-bug lint. */
  tidyWhitespaceBugMaxLength: number;
  /** Tables with more columns than this are large-tables. */
  maxTableColumnHeuristic: number;
  /** Rows of a table looked at for large-tables. */
  maxTableRowsToCheck: number;
}

export const DEFAULT_LINTER_SETTINGS: LinterSettings = {
  tidyWhitespaceBugMaxLength: 100,
  maxTableColumnHeuristic: 5,
  maxTableRowsToCheck: 10,
};

export function linterSettings(overrides: Record<string, unknown> | undefined): LinterSettings {
  const settings = { ...DEFAULT_LINTER_SETTINGS };
  for (const key of Object.keys(settings) as (keyof LinterSettings)[]) {
    const value = overrides?.[key];
    if (typeof value === "number" && Number.isFinite(value)) settings[key] = value;
  }
  return settings;
}

export class LintContext {
  readonly items: LintItem[] = [];
  /** Extension bodies parsed as wikitext where they stand (a <ref>'s body), in source order. */
  verbatimFragments: SourceSpan[] = [];
  /**
   * Whether the DOM may carry encapsulated transclusions (about-groups). lint() expands templates
   * itself and builds the DOM without encapsulation, so it needs no search for them.
   */
  domTransclusions = true;
  /**
   * About-groups of encapsulated transclusions in the DOM (found by the DOM pass when
   * domTransclusions; else the ones extension bodies encapsulated, set by lint()). Sorted, disjoint.
   */
  transclusionGroups: TransclusionGroup[] = [];

  constructor(
    readonly source: string,
    readonly site: SiteConfig,
    readonly page: PageConfig,
    readonly settings: LinterSettings,
    readonly lexical: LexicalFacts,
    /** Where transclusions were expanded (null when the page has none). */
    readonly expansions: ExpansionMap | null = null,
  ) {}

  /** Whether any of [start, end) of the linted text came out of a transclusion. */
  fromTransclusion(start: number, end: number): boolean {
    return this.expansions !== null && this.expansions.overlaps(start, end);
  }

  add(type: string, dsr: Dsr | [number, number, number | null, number | null] | null | undefined, params?: Record<string, unknown>): LintItem | null {
    // Lints without a source range cannot be shown to an editor (Parsoid drops them too).
    if (!dsr) return null;
    const item: LintItem = { type, dsr: [dsr[0], dsr[1], dsr[2], dsr[3]] };
    if (params) item.params = params;
    this.items.push(item);
    return item;
  }
}
