// Magic links: `ISBN 0-306-40615-2`, `RFC 822`, `PMID 1234`, when the wiki enables them.
import type { Grammar } from "./state.js";
import { startTag, endTag, text, attr } from "../tokens.js";
import { decodeEntities } from "../../util/entities.js";
import { K_ENTITY } from "@wikiloom/wasm";
import { entity } from "./entity.js";
import { pushText } from "./inline.js";

const SPACES = /^(?:[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]|&nbsp;|&#0*160;|&#[xX]0*[aA]0;)+/;
const ISBN = /^(?:97[89][ -]?)?(?:[0-9][ -]?){9}[0-9Xx](?![\p{L}\p{N}_])/u;
const NUMBER = /^[0-9]+(?![\p{L}\p{N}_])/u;

export function magicLink(g: Grammar, i: number, to: number): number {
  const keyword = g.slice(i);
  const enabled = g.env.site.info.general.magiclinks;
  if (enabled && enabled[keyword] === false) return -1;
  const s = g.start(i);
  const limit = g.start(to);
  const rest = g.src.slice(g.end(i), Math.min(limit, g.end(i) + 80));
  const space = SPACES.exec(rest);
  if (!space) return -1;
  const afterSpace = rest.slice(space[0].length);
  const num = (keyword === "ISBN" ? ISBN : NUMBER).exec(afterSpace);
  if (!num) return -1;
  const end = g.end(i) + space[0].length + num[0].length;
  const shown = decodeEntities(g.src.slice(s, end));
  let attrs;
  if (keyword === "ISBN") {
    const isbn = num[0].replace(/[ -]/g, "").replace(/x$/, "X");
    const special = g.env.site.namespaceName(-1) ?? "Special";
    attrs = [attr("href", `./${special}:BookSources/${isbn}`), attr("rel", "mw:WikiLink"), attr("class", "internal mw-magiclink mw-magiclink-isbn")];
  } else if (keyword === "RFC") {
    attrs = [attr("href", `https://datatracker.ietf.org/doc/html/rfc${num[0]}`), attr("rel", "mw:ExtLink nofollow"), attr("class", "external mw-magiclink mw-magiclink-rfc")];
  } else {
    attrs = [attr("href", `//www.ncbi.nlm.nih.gov/pubmed/${num[0]}?dopt=Abstract`), attr("rel", "mw:ExtLink nofollow"), attr("class", "external mw-magiclink mw-magiclink-pmid")];
  }
  const written = g.src.slice(s, end);
  // Written with references (`RFC&nbsp;822`): the source, for html2wt while the text is unchanged.
  g.out.push(startTag("a", attrs, written === shown ? { tsr: [s, end], stx: "magiclink" } : { tsr: [s, end], stx: "magiclink", src: written }));
  if (written === shown) g.out.push(text(shown, s, end));
  else spacesWithReferences(g, i, end - num[0].length, end);
  g.out.push(endTag("a", { tsr: [end, end] }));
  return g.consumeTo(i + 1, end);
}

/**
 * The link text of a magic link whose spaces hold character references: the keyword, the
 * spaces with each reference as an entity span (as Parsoid shows them), then the number.
 */
function spacesWithReferences(g: Grammar, keyword: number, numberStart: number, end: number): void {
  pushText(g, g.start(keyword), g.end(keyword));
  for (let k = keyword + 1; k < g.n && g.start(k) < numberStart; k++) {
    if (g.kind(k) !== K_ENTITY || entity(g, k) < 0) pushText(g, g.start(k), Math.min(g.end(k), numberStart));
  }
  pushText(g, numberStart, end);
}
