// Media (figure/span typeof mw:File...): [[File:Name|options|caption]] rebuilt from the HTML:
// the format from typeof, alignment from classes, size from the image's width when it is not
// the default, link/alt from attributes, the caption from <figcaption> or data-mw.
import type { WElement } from "../../dom/node.js";
import { OWN_LINE, ANY } from "../constraints.js";
import type { Serializer } from "../serializer.js";
import { titleFromHref } from "./link-target.js";
import type { NodeHandler } from "./types.js";

function find(el: WElement, names: ReadonlySet<string>): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (names.has(c.name)) return c;
    const inner = find(c, names);
    if (inner) return inner;
  }
  return null;
}

const MEDIA_TAGS = new Set(["img", "video", "audio", "span"]);
const IMG_ONLY = new Set(["img", "video", "audio"]);

function formatOption(type: string): string | null {
  if (type.includes("mw:File/Thumb")) return "thumb";
  if (type.includes("mw:File/Frameless")) return "frameless";
  if (type.includes("mw:File/Frame")) return "frame";
  return null;
}

const CLASS_OPTIONS: Array<[string, string]> = [
  ["mw-halign-right", "right"], ["mw-halign-left", "left"], ["mw-halign-center", "center"], ["mw-halign-none", "none"],
  ["mw-valign-middle", "middle"], ["mw-valign-baseline", "baseline"], ["mw-valign-sub", "sub"], ["mw-valign-super", "super"],
  ["mw-valign-top", "top"], ["mw-valign-text-top", "text-top"], ["mw-valign-bottom", "bottom"], ["mw-valign-text-bottom", "text-bottom"],
  ["mw-image-border", "border"],
];

function caption(el: WElement, s: Serializer, serializeFragment: (html: string) => string): string | null {
  const figcaption = el.children.find((c): c is WElement => c.kind === "element" && c.name === "figcaption");
  if (figcaption) {
    const inner = s.nested();
    inner.withContext({ link: "wiki" }, () => inner.serializeChildren(figcaption));
    return inner.result();
  }
  const fromMw = el.mw?.["caption"];
  return typeof fromMw === "string" ? serializeFragment(fromMw) : null;
}

export function mediaHandler(serializeFragment: (html: string) => string): NodeHandler {
  return {
    before: (el) => (el.name === "figure" ? OWN_LINE : ANY),
    after: (el) => (el.name === "figure" ? OWN_LINE : ANY),
    serialize(el, s) {
      const media = find(el, IMG_ONLY) ?? find(el, MEDIA_TAGS);
      const resource = media?.getAttribute("resource") ?? media?.getAttribute("href") ?? "";
      const originalName = media?.dp?.sa?.["resource"];
      const name = originalName ?? titleFromHref(resource);
      const options: string[] = [];
      const type = el.getAttribute("typeof") ?? "";
      const format = formatOption(type);
      if (format) options.push(format);
      const classes = (el.getAttribute("class") ?? "").split(/\s+/);
      for (const [cls, option] of CLASS_OPTIONS) if (classes.includes(cls)) options.push(option);
      const width = media?.getAttribute("width");
      // Framed images always show at their own size: a size option would be ignored.
      if (width && !classes.includes("mw-default-size") && format !== "frame") options.push(`${width}px`);
      const anchor = find(el, new Set(["a"]));
      const href = anchor?.getAttribute("href");
      if (anchor && href !== undefined && href !== null && href !== resource && !anchor.getAttribute("class")?.includes("mw-file-description")) {
        options.push(`link=${href.startsWith("./") ? titleFromHref(href) : href}`);
      }
      const text = caption(el, s, serializeFragment);
      // Inline images show their caption as alt text: only a different alt needs writing.
      const alt = media?.getAttribute("alt");
      if (alt && alt !== text) options.push(`alt=${alt}`);
      if (text !== null && text !== "") options.push(text);
      s.emit(`[[${name}${options.map((o) => `|${o}`).join("")}]]`);
    },
  };
}
