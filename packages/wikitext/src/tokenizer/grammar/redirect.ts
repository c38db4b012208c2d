// `#REDIRECT [[Target]]` at the very start of a page becomes
// `<link rel="mw:PageProp/redirect" href="./Target"/>`; the redirect keyword comes from the
// wiki's magic words (localised aliases included).
import type { Grammar } from "./state.js";
import { selfClosing, attr } from "../tokens.js";
import { hrefSource } from "./attr-sources.js";
import { Title } from "../../env/title.js";
import { encodeTitlePath, encodeFragment, interwikiUrl } from "../../util/href.js";
import { percentDecode, interwikiTitleText } from "./wikilink.js";
import { decodeEntities } from "../../util/entities.js";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Handles a leading redirect; returns the token index to continue from (0 when none). */
export function redirect(g: Grammar): number {
  const word = g.env.site.magicWord("redirect");
  if (!word || !g.src.startsWith("#") && !word.aliases.some((a) => !a.startsWith("#"))) return 0;
  const aliases = word.aliases.map(escapeRegExp).join("|");
  const re = new RegExp(`^(?:${aliases})[ \\t\\n]*:?[ \\t\\n]*\\[\\[([^\\]\\n|{}<>[]+)(?:\\|[^\\]\\n]*)?\\]\\]`, word["case-sensitive"] ? "" : "i");
  const head = g.src.slice(0, 512);
  const m = re.exec(head);
  if (!m) return 0;
  // The keyword must be written on the page: a template's output is not read for a redirect
  // (Parsoid tokenizes the page before expanding; `{{1x|#REDIRECT [[Foo]]}}` is a list item).
  const keywordEnd = m[0].search(/[ \t\n:[]/);
  if (g.templated?.(0, keywordEnd > 0 ? keywordEnd : m[0].length)) return 0;
  const target = percentDecode(decodeEntities(m[1]!.trim()));
  const title = Title.tryParse(target, g.env.site);
  if (!title) return 0;
  const iw = title.interwiki ? g.env.site.interwiki(title.interwiki) : undefined;
  // A redirect's href escapes quotes, unlike a link's (Parsoid builds it as a full URL path).
  const href = iw
    ? interwikiUrl(iw, interwikiTitleText(target), title.fragment)
    : `./${encodeTitlePath(title.prefixedDbKey).replace(/"/g, "%22")}${title.fragment ? `#${encodeFragment(title.fragment)}` : ""}`;
  // The target as written, for html2wt while the href is unchanged.
  const dp = { tsr: [0, m[0].length] as [number, number], src: m[0].slice(0, m[0].indexOf("[[")), sa: { href: m[1]! }, a: { href } };
  const link = selfClosing("link", [attr("rel", "mw:PageProp/redirect"), attr("href", href)], dp);
  const targetStart = m[0].indexOf("[[") + 2;
  const targetEnd = targetStart + m[1]!.length;
  // A target a template wrote part of is a templated href (mw:ExpandedAttrs).
  const sources = hrefSource(g, targetStart, targetEnd, targetEnd);
  if (sources) link.aux = { attrSources: sources };
  g.out.push(link);
  return g.consumeTo(0, m[0].length);
}
