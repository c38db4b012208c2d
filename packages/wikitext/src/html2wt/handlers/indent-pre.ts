// <pre> from indented lines: every line of the content starts with a space. A <pre> written as
// HTML (or an extension <pre>) is handled elsewhere.
import { OWN_LINE } from "../constraints.js";
import type { NodeHandler } from "./types.js";

export const indentPreHandler: NodeHandler = {
  before: () => OWN_LINE,
  after: () => OWN_LINE,
  serialize(el, s) {
    s.emit(" ");
    s.withContext({ indentPre: true }, () => s.serializeChildren(el));
  },
};
