// The contract between the expander and the parser functions / magic variables.
import type { Env } from "../../engine-env.js";
import type { Title } from "../../env/title.js";
import type { PPPart } from "../tree.js";
import type { Frame } from "../frame.js";

/** One argument after the first, evaluated only when the function asks for it. */
export interface FunctionArg {
  readonly part: PPPart;
  /** Whether the argument was written `name=value`. */
  readonly isNamed: boolean;
  /** The whole argument ("name=value" or "value"), expanded and trimmed. */
  whole(): Promise<string>;
  /** The whole argument expanded, whitespace kept. */
  expanded(): Promise<string>;
  /** The name, expanded and trimmed ("" for unnamed arguments). */
  name(): Promise<string>;
  /** The value after `=`, expanded and trimmed (the whole argument for unnamed ones). */
  value(): Promise<string>;
}

/** What the engine knows about the conversion, for functions that need more than their args. */
export interface CallContext {
  readonly env: Env;
  /** The page being converted. */
  readonly page: Title | null;
  /** The frame the call appears in (its arguments belong to this frame). */
  readonly frame: Frame;
  /** Expanded, trimmed text after the colon; "" when there was none. */
  readonly first: string;
  /** Whether the call had a colon (and so a first argument). */
  readonly hasFirst: boolean;
  readonly args: readonly FunctionArg[];
  /** The time the conversion pretends to run at. */
  readonly now: Date;
  readonly userLanguage: string;
  /** All arguments expanded and trimmed, the first included (what most core functions take). */
  allArgs(): Promise<string[]>;
  /** Whether a title exists (batched through the data access). */
  pageExists(title: Title): Promise<boolean>;
  /** Records a page property ({{DISPLAYTITLE:}}, {{DEFAULTSORT:}}) for the page's metadata. */
  setPageProperty(name: string, value: string, replace: boolean): void;
  /** The source of a page, for functions that read other pages. */
  pageSource(title: Title): Promise<{ source: string; revid: number } | null>;
}

export type FunctionResult = string | Promise<string>;

export interface ParserFunction {
  /** Canonical magic word name as in siteinfo ("if", "lc", "pagename"). */
  name: string;
  /** Called as `{{#name:...}}` (true) or `{{name:...}}` (false). */
  hash: boolean;
  call(ctx: CallContext): FunctionResult;
  /** Parsoid v3 output (`parserfunction` parts) regardless of the configured mode. */
  fragmentHandler?: boolean;
}

/** A magic variable such as {{PAGENAME}} (used without arguments). */
export interface MagicVariable {
  name: string;
  get(ctx: CallContext): FunctionResult;
}

/** MediaWiki's error wrapper for function errors (what #iferror looks for). */
export function errorMarkup(message: string): string {
  return `<strong class="error">${message}</strong>`;
}
