// {{#switch:}} — cases with values, fall-through of cases without '=', #default (as a named
// case or as a last bare value), comparison as #ifeq does it after decoding character references.
import { decodeEntities } from "../../util/entities.js";
import { valuesEqual } from "./conditionals.js";
import type { ParserFunction } from "./types.js";

export const switchFunction: ParserFunction = {
  name: "switch",
  hash: true,
  async call(ctx) {
    const site = ctx.env.site;
    const isDefault = (text: string): boolean => site.magicWordForAlias(text) === "default";
    const primary = decodeEntities(ctx.first);
    let found = false;
    let defaultFound = false;
    let defaultArg: (typeof ctx.args)[number] | null = null;
    let lastItemHadNoEquals = false;
    let lastItem = "";
    for (const arg of ctx.args) {
      if (arg.isNamed) {
        lastItemHadNoEquals = false;
        // A value after cases that matched without one ("a|b=x"): fall-through ends here.
        if (found) return arg.value();
        const test = await arg.name();
        if (valuesEqual(decodeEntities(test), primary)) return arg.value();
        if (defaultFound || isDefault(test)) {
          defaultArg = arg;
          defaultFound = false;
        }
      } else {
        lastItemHadNoEquals = true;
        lastItem = await arg.whole();
        const test = decodeEntities(lastItem);
        if (valuesEqual(test, primary)) found = true;
        else if (isDefault(test)) defaultFound = true;
      }
    }
    if (lastItemHadNoEquals) return lastItem;
    if (defaultArg) return defaultArg.value();
    return "";
  },
};
