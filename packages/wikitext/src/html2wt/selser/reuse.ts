// The serializer's view of selective serialization: before a child is serialized anew, the
// reuse policy may write its original source instead (see ./selser.ts).
import type { WElement, WNode } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";

export interface SourceReuse {
  /** Writes the child's original source and returns true, or returns false to serialize it. */
  tryReuse(node: WNode, index: number, s: Serializer): boolean;
  /** Called after the last child of `el` was written. */
  finishChildren(el: WElement, s: Serializer): void;
  /** The original node an edited node stands for, when its whole subtree is unchanged. */
  unchangedOriginal(node: WNode): WNode | null;
  /** The original node an edited node was matched with (changed inside or not). */
  originalOf(node: WNode): WNode | null;
}
