// Character references become `<span typeof="mw:Entity">` with the decoded character, so that
// html2wt can give back the original reference (kept as src in the parse data).
import type { Grammar } from "./state.js";
import { decodeEntity } from "../../util/entities.js";
import { startTag, endTag, text, attr } from "../tokens.js";

export function entity(g: Grammar, i: number): number {
  const src = g.slice(i);
  const decoded = decodeEntity(src);
  if (decoded === null) return -1;
  const s = g.start(i);
  const e = g.end(i);
  g.out.push(startTag("span", [attr("typeof", "mw:Entity")], { src, srcContent: decoded, tsr: [s, e] }));
  g.out.push(text(decoded, s, e));
  g.out.push(endTag("span", { tsr: [e, e] }));
  return i + 1;
}
