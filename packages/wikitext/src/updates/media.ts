// Page-bundle update "media": refresh images, audio and video from the current file info (a new
// upload's size and URLs, a file that appeared or went missing) without touching anything else.
// Each media node is written back to its wikitext by the serializer, rendered anew in the
// page's context, and swapped in at the same place with its source range kept. Media produced
// by a transclusion belong to that transclusion's output and are left to the "transclusions"
// update.
import type { Env } from "../engine-env.js";
import { walkElements, WElement, type WNode } from "../dom/node.js";
import { assignNodeIds } from "../dom/passes/node-ids.js";
import { htmlToDom, serializeDom, type PageBundleData } from "../html2wt/index.js";
import { serializeChildren } from "../output/serialize.js";
import { wt2dom } from "../wt2html.js";
import { splitBody } from "./document-parts.js";

const MEDIA_TYPE = /(?:^|\s)mw:(?:File|Image|Audio|Video)(?:\/|\s|$)/;

export interface UpdatedBundle {
  html: string;
  dataParser: { counter: number; ids: Record<string, unknown> };
}

function isMedia(el: WElement): boolean {
  return MEDIA_TYPE.test(el.getAttribute("typeof") ?? "");
}

/**
 * Outermost media nodes that the page's own source wrote: the walk does not enter media (their
 * captions are rendered with them) nor `about` groups (the output of a transclusion or extension).
 */
function pageMedia(body: WElement): WElement[] {
  const found: WElement[] = [];
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i]!;
      if (child.kind !== "element" || child.hasAttribute("about")) continue;
      if (isMedia(child)) found.push(child);
      else stack.push(child);
    }
  }
  return found;
}

function firstMedia(root: WElement): WElement | null {
  let hit: WElement | null = null;
  walkElements(root, (el) => {
    if (!hit && el !== root && isMedia(el)) hit = el;
  });
  return hit;
}

/** Moves every source range of a subtree rendered on its own to where the node sits in the page. */
function shiftDsr(root: WElement, delta: number): void {
  walkElements(root, (el) => {
    const dsr = el.dp?.dsr;
    if (!dsr) return;
    el.dp!.dsr = dsr.map((v, i) => (i < 2 && typeof v === "number" ? v + delta : v)) as typeof dsr;
  });
}

/** Renders one media node anew from its wikitext; null when the result holds no media. */
async function rerender(el: WElement, env: Env): Promise<WElement | null> {
  const holder = new WElement("body");
  const parent = el.parent!;
  const next: WNode | null = parent.children[parent.children.indexOf(el) + 1] ?? null;
  holder.appendChild(el);
  const wikitext = serializeDom(holder, env);
  parent.insertBefore(el, next);
  const fresh = firstMedia(await wt2dom(wikitext, env));
  if (!fresh) return null;
  const oldStart = el.dp?.dsr?.[0];
  const newStart = fresh.dp?.dsr?.[0];
  if (typeof oldStart === "number" && typeof newStart === "number") shiftDsr(fresh, oldStart - newStart);
  return fresh;
}

export async function updateMedia(html: string, bundle: PageBundleData | undefined, env: Env): Promise<UpdatedBundle> {
  const { before, inner, after } = splitBody(html);
  const body = htmlToDom(inner, bundle);
  for (const el of pageMedia(body)) {
    const fresh = await rerender(el, env);
    if (!fresh) continue;
    el.parent!.insertBefore(fresh, el);
    el.parent!.children.splice(el.parent!.children.indexOf(el), 1);
    el.parent = null;
  }
  const dataParser = assignNodeIds(body);
  return { html: before + serializeChildren(body, { inlineDataParser: false }) + after, dataParser };
}
