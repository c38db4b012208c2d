// The public shape of lint results (Parsoid's lint items) and of the lint options.

/** Where a lint inside transcluded content points: the transclusion that produced it. */
export interface LintTemplateInfo {
  name: string | null;
  multiPartTemplateBlock?: boolean;
  parserFunction?: boolean;
}

export interface LintItem {
  type: string;
  params?: Record<string, unknown>;
  /** [start, end, openWidth, closeWidth] in the requested offset unit. */
  dsr: [number, number, number | null, number | null];
  templateInfo?: LintTemplateInfo;
}

export type LintOffsetType = "byte" | "ucs2" | "char";

export interface LintOptions {
  /** Unit of `dsr` offsets; default "ucs2" (UTF-16 code units, JavaScript string indices). */
  offsetType?: LintOffsetType;
  /** Linter settings a wiki overrides (e.g. `tidyWhitespaceBugMaxLength`, `maxTableColumnHeuristic`). */
  overrides?: Record<string, unknown>;
}
