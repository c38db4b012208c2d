// `[[target|text]]` and friends: ordinary links (red/blue classes are added after tree building,
// with one existence query for the whole document), categories and language links (page
// properties, as <link>), interwiki links, `[[:File:x]]` colon escapes, and link trails.
import { K_PIPE, K_TEXT } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import type { InlineContext } from "./inline.js";
import { inline } from "./inline.js";
import { startTag, endTag, selfClosing, text, attr } from "../tokens.js";
import { Title, NS_CATEGORY, NS_FILE, NS_MEDIA } from "../../env/title.js";
import { decodeEntities } from "../../util/entities.js";
import { encodeTitlePath, encodeFragment, encodeSortKey, interwikiUrl } from "../../util/href.js";

/** Characters that can never be part of a link target. */
const INVALID_TARGET = /[\n<>[\]{}]/;

export function wikiLink(g: Grammar, i: number, to: number, ctx: InlineContext | null): number {
  const close = g.linkClose[i]!;
  if (close < 0 || close >= to) return -1;
  // Target: up to the first pipe at this level.
  let pipe = -1;
  for (let k = i + 1; k < close; k++) {
    const inner = g.linkClose[k]!;
    if (inner > 0) {
      k = inner;
      continue;
    }
    if (g.kind(k) === K_PIPE) {
      pipe = k;
      break;
    }
  }
  const targetEnd = pipe >= 0 ? g.start(pipe) : g.start(close);
  const rawTarget = g.src.slice(g.end(i), targetEnd);
  if (INVALID_TARGET.test(rawTarget)) return -1;
  const target = decodeEntities(rawTarget).trim();
  const colonEscaped = target.startsWith(":");
  if (target === "" || target === ":") return -1;
  const site = g.env.site;
  let title: Title | null;
  if (target.startsWith("#")) {
    title = Title.tryParse(g.env.page.title + target, site);
  } else {
    title = Title.tryParse(target, site);
  }
  if (!title) return -1;
  const s = g.start(i);
  const linkEnd = g.end(close);

  if (!colonEscaped && !title.interwiki && title.ns === NS_CATEGORY) {
    return category(g, i, pipe, close, title);
  }
  if (!colonEscaped && title.interwiki) {
    const iw = site.interwiki(title.interwiki);
    if (iw?.language && !ctx?.inLink) {
      const href = interwikiUrl(iw.url, title.dbKey, title.fragment);
      g.out.push(selfClosing("link", [attr("rel", "mw:PageProp/Language"), attr("href", href)], { tsr: [s, linkEnd], stx: pipe >= 0 ? "piped" : "simple" }));
      return close + 1;
    }
  }
  if (ctx?.inLink) return -1;
  if (!colonEscaped && !title.interwiki && (title.ns === NS_FILE || title.ns === NS_MEDIA)) {
    // Media rendering arrives with the media issue; until then the link is shown as a plain link.
  }

  const attrs = [];
  const dp: Record<string, unknown> = { stx: pipe >= 0 ? "piped" : "simple" };
  let aux: { title?: string } | undefined;
  if (title.interwiki) {
    const iw = site.interwiki(title.interwiki);
    const href = iw ? interwikiUrl(iw.url, title.dbKey, title.fragment) : "";
    attrs.push(attr("rel", "mw:WikiLink/Interwiki"), attr("href", href), attr("title", `${title.interwiki}:${title.text}`), attr("class", "extiw"));
  } else {
    const path = title.dbKey === "" && title.fragment ? encodeTitlePath(pageDbKey(g)) : encodeTitlePath(title.prefixedDbKey);
    const href = `./${path}${title.fragment ? `#${encodeFragment(title.fragment)}` : ""}`;
    attrs.push(attr("rel", "mw:WikiLink"), attr("href", href));
    if (title.dbKey !== "") attrs.push(attr("title", title.prefixedText));
    aux = { title: title.prefixedText };
    dp["sa"] = { href: rawTarget };
  }
  const start = startTag("a", attrs, { ...dp, tsr: [s, pipe >= 0 ? g.end(pipe) : g.end(i)] });
  if (aux) start.aux = aux;
  g.out.push(start);
  g.nesting++;
  if (pipe >= 0) {
    inline(g, pipe + 1, close, { inLink: true });
  } else {
    const shown = decodeEntities(rawTarget.startsWith(":") ? rawTarget.slice(1) : rawTarget);
    g.out.push(text(shown, g.end(i), g.start(close)));
  }
  g.nesting--;
  // Link trail: letters right after `]]` join the link text.
  let next = close + 1;
  const trailRe = site.linkTrail;
  let end = linkEnd;
  if (trailRe && g.kind(next) === K_TEXT && g.start(next) === linkEnd) {
    const m = trailRe.exec(g.slice(next));
    if (m && m[0]) {
      g.out.push(text(m[0], linkEnd, linkEnd + m[0].length));
      end = linkEnd + m[0].length;
      dp["tail"] = m[0];
      next = g.consumeTo(next, end);
    }
  }
  g.out.push(endTag("a", { tsr: [g.start(close), end] }));
  return next;
}

function pageDbKey(g: Grammar): string {
  return g.env.page.title.replace(/ /g, "_");
}

function category(g: Grammar, i: number, pipe: number, close: number, title: Title): number {
  let href = `./${encodeTitlePath(title.prefixedDbKey)}`;
  if (pipe >= 0) {
    const sortKey = decodeEntities(g.src.slice(g.end(pipe), g.start(close))).replace(/\n/g, "");
    href += `#${encodeSortKey(sortKey)}`;
  }
  g.out.push(selfClosing("link", [attr("rel", "mw:PageProp/Category"), attr("href", href)], {
    tsr: [g.start(i), g.end(close)],
    stx: pipe >= 0 ? "piped" : "simple",
  }));
  return close + 1;
}
