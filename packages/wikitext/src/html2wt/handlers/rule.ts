// <hr>: ---- on its own line (extra dashes the source had are kept in dsr width / extra_dashes).
import { ANY, OWN_LINE } from "../constraints.js";
import { isHtmlSyntax } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";
import type { NodeHandler } from "./types.js";

export const horizontalRuleHandler: NodeHandler = {
  before: (el, prev, s) => (isHtmlSyntax(el) ? htmlTagHandler.before!(el, prev, s) : OWN_LINE),
  // Text may follow the dashes on their line ("---- Foo" is a rule and a paragraph).
  after: (el, next, s) => (isHtmlSyntax(el) ? htmlTagHandler.after!(el, next, s) : ANY),
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    const dsr = el.dp?.dsr;
    const extra = typeof el.dp?.["extra_dashes"] === "number" ? (el.dp["extra_dashes"] as number) : 0;
    const width = dsr && dsr[1] - dsr[0] >= 4 && dsr[2] === dsr[1] - dsr[0] ? dsr[1] - dsr[0] : 4 + extra;
    s.emit("-".repeat(width));
  },
};
