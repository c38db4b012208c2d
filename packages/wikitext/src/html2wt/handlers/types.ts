// The contract of a node handler: how to write one kind of element as wikitext, and how many
// newlines it needs around itself (see ../constraints.ts).
import type { WElement, WNode } from "../../dom/node.js";
import type { NewlineConstraint } from "../constraints.js";
import type { Serializer } from "../serializer.js";

export interface NodeHandler {
  before?(el: WElement, prev: WNode | null, s: Serializer): NewlineConstraint;
  after?(el: WElement, next: WNode | null, s: Serializer): NewlineConstraint;
  serialize(el: WElement, s: Serializer): void;
}
