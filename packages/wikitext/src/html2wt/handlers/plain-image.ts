// An <img> of other HTML (no mw:File typing) whose src names a file page of this wiki
// ("./File:Foo.jpg"), alone or as the only content of a link: written as media syntax, the
// link (or none) as link=, its alt, and its size as a square box.
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import type { NodeHandler } from "./types.js";
import { NS_FILE, Title } from "../../env/title.js";
import { titleFromHref } from "./link-target.js";

/** The file title the image's src names, or null. */
function localFile(img: WElement, s: Serializer): string | null {
  const src = img.getAttribute("src") ?? "";
  if (!src.startsWith("./")) return null;
  const name = titleFromHref(src);
  return Title.tryParse(name, s.env.site)?.ns === NS_FILE ? name : null;
}

/** The image a link holds as its only content, when it is such a file image. */
export function linkedPlainImage(a: WElement, s: Serializer): WElement | null {
  const only = a.children.length === 1 ? a.children[0]! : null;
  return only !== null && only.kind === "element" && isPlainImage(only, s) ? only : null;
}

export function isPlainImage(el: WElement, s: Serializer): boolean {
  return el.name === "img" && !el.hasAttribute("typeof") && localFile(el, s) !== null;
}

function sizeBox(img: WElement): string | null {
  const w = /^\d+/.exec(img.getAttribute("width") ?? "")?.[0];
  const h = /^\d+/.exec(img.getAttribute("height") ?? "")?.[0];
  const side = Math.max(w ? parseInt(w, 10) : 0, h ? parseInt(h, 10) : 0);
  return side > 0 ? `${side}x${side}px` : null;
}

export const plainImageHandler: NodeHandler = {
  serialize(el, s) {
    const img = el.name === "a" ? linkedPlainImage(el, s)! : el;
    const options: string[] = [];
    const href = el.name === "a" ? el.getAttribute("href") ?? "" : null;
    options.push(href === null ? "link=" : `link=${href.startsWith("./") ? titleFromHref(href) : href}`);
    const alt = img.getAttribute("alt");
    if (alt !== null) options.push(`alt=${alt}`);
    const size = sizeBox(img);
    if (size !== null) options.push(size);
    s.emit(`[[${localFile(img, s)}${options.map((o) => `|${o}`).join("")}]]`);
  },
};
