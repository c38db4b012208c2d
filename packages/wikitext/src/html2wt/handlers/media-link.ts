// <a rel="mw:MediaLink">: a link straight to a file, [[Media:Name]] or [[Media:Name|text]]. The
// target comes from the resource ("./Media:Name", the namespace as the wiki spells it).
import type { NodeHandler } from "./types.js";
import { titleFromHref } from "./link-target.js";
import { textOf } from "../text-content.js";

export const mediaLinkHandler: NodeHandler = {
  serialize(el, s) {
    const resource = el.getAttribute("resource") ?? "";
    const target = resource !== "" ? titleFromHref(resource) : `Media:${el.getAttribute("title") ?? ""}`;
    const text = textOf(el);
    if (el.dp?.stx !== "piped" && el.children.every((c) => c.kind === "text") && text === target) {
      s.emitMarkup(`[[${target}]]`);
      return;
    }
    s.emit(`[[${target}|`);
    s.withContext({ link: "wiki" }, () => s.serializeChildren(el));
    s.emitMarkup("]]");
  },
};
