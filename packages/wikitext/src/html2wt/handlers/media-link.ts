// <a rel="mw:MediaLink">: a link straight to a file, [[Media:Name]] or [[Media:Name|text]]. The
// target comes from the resource ("./Media:Name", the namespace as the wiki spells it), or
// without one from the file URL's last segment.
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import type { NodeHandler } from "./types.js";
import { safeDecodeURIComponent, sameTarget, titleFromHref } from "./link-target.js";
import { textOf } from "../text-content.js";
import { NS_MEDIA } from "../../env/title.js";

function mediaTarget(el: WElement, s: Serializer): string {
  const resource = el.getAttribute("resource") ?? "";
  // The target as written, while the link still points at the file it was parsed for.
  const written = el.dp?.sa?.["resource"];
  if (typeof written === "string" && resource !== "" && el.dp?.a?.["resource"] === resource) return written;
  if (resource !== "") return titleFromHref(resource);
  const ns = s.env.site.namespaceName(NS_MEDIA) ?? "Media";
  const title = el.getAttribute("title");
  if (title) return `${ns}:${title}`;
  // HTML without a resource: the file is the URL's last path segment.
  const href = el.getAttribute("href") ?? "";
  const file = safeDecodeURIComponent(href.replace(/[?#].*$/, "").slice(href.lastIndexOf("/") + 1)).replace(/_/g, " ");
  return `${ns}:${file}`;
}

export const mediaLinkHandler: NodeHandler = {
  serialize(el, s) {
    const target = mediaTarget(el, s);
    const text = textOf(el);
    const plain = el.children.every((c) => c.kind === "text");
    if (el.dp?.stx !== "piped" && plain && text === target) {
      s.emitMarkup(`[[${target}]]`);
      return;
    }
    // [[Media:No_such file.jpg]]: the text spells the same file as written.
    if (el.dp?.stx === "simple" && plain && sameTarget(text, target) && !/[[\]|{}<>]/.test(text)) {
      s.emitMarkup(`[[${text}]]`);
      return;
    }
    s.emit(`[[${target}|`);
    s.withContext({ link: "wiki" }, () => s.serializeChildren(el));
    s.emitMarkup("]]");
  },
};
