// `__NOTOC__` and friends become `<meta property="mw:PageProp/notoc"/>` when the wiki knows
// the word; anything else stays text.
import type { Grammar } from "./state.js";
import { selfClosing, attr } from "../tokens.js";

export function behaviorSwitch(g: Grammar, i: number): number {
  const src = g.slice(i);
  const word = g.env.site.magicWordForAlias(src);
  if (word === undefined) return -1;
  const name = word.replace(/^__|__$/g, "").toLowerCase();
  g.out.push(selfClosing("meta", [attr("property", `mw:PageProp/${name}`)], { src, tsr: [g.start(i), g.end(i)], magicSrc: src }));
  return i + 1;
}
