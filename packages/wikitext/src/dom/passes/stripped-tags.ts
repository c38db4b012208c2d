// Parsoid's late cleanup of stripped-tag placeholders: the metas tree building left for tags it
// ignored served dsr and encapsulation (they stand for those bytes and keep the text around
// them apart); outside list items the output has none ("Drop stripped tag markers, unless they
// have encapsulation info": encapsulation never puts a group's attributes on one here). The
// builder listed them, so no walk finds them.
import { detach, type WElement } from "../node.js";

export function dropStrippedTagPlaceholders(transient: readonly WElement[]): void {
  for (let i = 0; i < transient.length; i++) detach(transient[i]!);
}
