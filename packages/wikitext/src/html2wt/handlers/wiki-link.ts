// <a rel="mw:WikiLink">: [[target]], [[target|text]], or [[target]]trail when the text is the
// target followed by characters of the wiki's link trail.
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import { sameTarget, wikiLinkTarget } from "./link-target.js";
import type { NodeHandler } from "./types.js";

function plainText(el: WElement): string | null {
  for (const c of el.children) if (c.kind !== "text") return null;
  return el.textContent();
}

function trailSplit(text: string, target: string, s: Serializer): string | null {
  if (!text.startsWith(target) || text === target) return null;
  const rest = text.slice(target.length);
  const trail = s.env.site.linkTrail?.exec(rest)?.[0];
  return trail === rest ? rest : null;
}

export const wikiLinkHandler: NodeHandler = {
  serialize(el, s) {
    const target = wikiLinkTarget(el, s.env.site);
    const text = plainText(el);
    const stx = el.dp?.stx;
    if (text !== null && stx !== "piped") {
      const bare = target.replace(/^:/, "");
      if (text === bare) {
        s.emit(`[[${target}]]`);
        return;
      }
      // [[text]] shows exactly its text and resolves the same way (first letter, underscores).
      if (sameTarget(text, bare) && !text.includes("_") && text.trim() === text && !/[[\]|{}<>]/.test(text)) {
        s.emit(`[[${target.startsWith(":") ? ":" : ""}${text}]]`);
        return;
      }
      const trail = trailSplit(text, bare, s);
      if (trail !== null && !target.includes("#")) {
        s.emit(`[[${target}]]`);
        // The trail is plain letters by construction.
        s.emit(trail);
        return;
      }
    }
    s.emit(`[[${target}|`);
    s.withContext({ link: "wiki" }, () => s.serializeChildren(el));
    s.emit("]]");
  },
};
