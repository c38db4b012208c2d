// Which function a call names. MediaWiki registers each function under its magic word's
// aliases, with '#' in front unless the function is hash-less ({{lc:}}) or its alias already
// has one ({{#language:}}); aliases ending in ':' are used without it. So the lookup goes through
// the site's magic words, and other languages' aliases work as configured.
import type { SiteConfig } from "../../env/site-config.js";
import { anchorencodeFunction, canonicalurlFunction, canonicalurleFunction, fullurlFunction, fullurleFunction, localurlFunction, localurleFunction, urlencodeFunction } from "./urls.js";
import { ifeqFunction, iferrorFunction, ifexistFunction, ifexprFunction, ifFunction } from "./conditionals.js";
import { switchFunction } from "./switch.js";
import { exprFunction } from "./expr.js";
import { timeFunction, timelFunction } from "./time.js";
import { lcFunction, lcfirstFunction, ucFunction, ucfirstFunction } from "./string-case.js";
import { padleftFunction, padrightFunction } from "./padding.js";
import { formatnumFunction } from "./formatnum.js";
import { bidiFunction, genderFunction, grammarFunction, pluralFunction } from "./plural.js";
import { titlepartsFunction } from "./titleparts.js";
import { rel2absFunction } from "./rel2abs.js";
import { tagFunction } from "./tag.js";
import { nseFunction, nsFunction } from "./namespaces.js";
import { intFunction, languageFunction } from "./language.js";
import { defaultsortFunction, displaytitleFunction } from "./page-props.js";
import { pageNameFunctions, pageNameVariables } from "./page-names.js";
import { siteVariables } from "./site-variables.js";
import { dateVariables, revisionFunctions, revisionVariables } from "./date-variables.js";
import { parserTestFunctions } from "./parser-test-functions.js";
import { pagesizeFunction } from "./page-size.js";
import { bcp47Function, dirFunction } from "./language-codes.js";
import { specialFunction, specialeFunction } from "./special.js";
import { formatdateFunction } from "./formatdate.js";
import type { MagicVariable, ParserFunction } from "./types.js";

export class FunctionRegistry {
  private readonly functions = new Map<string, ParserFunction>();
  private readonly variables = new Map<string, MagicVariable>();

  constructor(functions: readonly ParserFunction[], variables: readonly MagicVariable[]) {
    for (const fn of functions) this.functions.set(fn.name, fn);
    for (const variable of variables) this.variables.set(variable.name, variable);
  }

  /** A registry with more functions/variables (same names replace these). */
  with(functions: readonly ParserFunction[], variables: readonly MagicVariable[] = []): FunctionRegistry {
    return new FunctionRegistry([...this.functions.values(), ...functions], [...this.variables.values(), ...variables]);
  }

  /** The variable a magic word names, if it is one. */
  variable(word: string): MagicVariable | undefined {
    return this.variables.get(word);
  }

  /** The function called as `{{name:...}}` (name includes a leading '#' when written). */
  lookup(site: SiteConfig, name: string): ParserFunction | undefined {
    const byAlias = (alias: string, hash: boolean): ParserFunction | undefined => {
      const word = site.magicWordForAlias(alias) ?? site.magicWordForAlias(`${alias}:`);
      const fn = word !== undefined ? this.functions.get(word) : undefined;
      return fn && fn.hash === hash ? fn : undefined;
    };
    if (name.startsWith("#")) {
      // An alias written with its '#' belongs to a hash-less function; otherwise the '#' is
      // the call syntax of a hash function.
      return byAlias(name, false) ?? byAlias(name.slice(1), true);
    }
    return byAlias(name, false);
  }
}

export const CORE_FUNCTIONS: readonly ParserFunction[] = [
  ifFunction, ifeqFunction, iferrorFunction, ifexprFunction, ifexistFunction, switchFunction, exprFunction,
  timeFunction, timelFunction, titlepartsFunction, rel2absFunction,
  lcFunction, ucFunction, lcfirstFunction, ucfirstFunction,
  urlencodeFunction, anchorencodeFunction, localurlFunction, localurleFunction, fullurlFunction, fullurleFunction,
  canonicalurlFunction, canonicalurleFunction,
  padleftFunction, padrightFunction, formatnumFunction, pluralFunction, genderFunction, grammarFunction, bidiFunction,
  tagFunction, nsFunction, nseFunction, languageFunction, intFunction, displaytitleFunction, defaultsortFunction,
  pagesizeFunction, bcp47Function, dirFunction, specialFunction, specialeFunction, formatdateFunction,
  ...pageNameFunctions, ...revisionFunctions, ...parserTestFunctions,
];

export const CORE_VARIABLES: readonly MagicVariable[] = [
  ...pageNameVariables, ...siteVariables, ...dateVariables, ...revisionVariables,
];

export function defaultRegistry(): FunctionRegistry {
  return new FunctionRegistry(CORE_FUNCTIONS, CORE_VARIABLES);
}
