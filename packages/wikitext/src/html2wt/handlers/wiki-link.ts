// <a rel="mw:WikiLink">: [[target]], [[target|text]], or [[target]]trail when the text is the
// target followed by characters of the wiki's link trail.
import type { WElement } from "../../dom/node.js";
import { toNfc } from "../../util/nfc.js";
import type { Serializer } from "../serializer.js";
import { articlePathPrefix, interwikiTarget, sameTarget, titleFromHref, wikiLinkTarget } from "./link-target.js";
import type { NodeHandler } from "./types.js";
import { decodeEntities } from "../../util/entities.js";
import { textOf } from "../text-content.js";
import { Title } from "../../env/title.js";
import { percentDecode } from "../../tokenizer/grammar/wikilink.js";
import { resolveSubpageTarget } from "../../env/subpage.js";
import { isNewContent } from "../node-data.js";
import { extLinkHandler, magicLinkSource } from "./ext-link.js";

function plainText(el: WElement): string | null {
  for (const c of el.children) if (c.kind !== "text") return null;
  return textOf(el);
}

function trailSplit(text: string, target: string, s: Serializer): string | null {
  if (!text.startsWith(target) || text === target) return null;
  const rest = text.slice(target.length);
  const trail = s.env.site.linkTrail?.exec(rest)?.[0];
  return trail === rest ? rest : null;
}

/** "ISBN 0-306-40615-2" linking to Special:BookSources/0306406152 is the ISBN magic link. */
function isIsbnMagicLink(target: string, text: string): boolean {
  const book = /^Special:BookSources\/([0-9Xx]+)$/.exec(target);
  const isbn = /^ISBN[ \u00a0]+([0-9Xx][0-9Xx -]*[0-9Xx])$/.exec(text);
  return book !== null && isbn !== null && isbn[1]!.replace(/[- ]/g, "").toUpperCase() === book[1]!.toUpperCase();
}

/** An href naming no page a title can have ("[[foo]]"): the link cannot be written as one. */
function isUnlinkableHref(href: string, s: Serializer): boolean {
  if (href === "" || href.startsWith("#") || /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href)) return false;
  const prefix = articlePathPrefix(s.env.site);
  const title = titleFromHref(prefix !== "" && href.startsWith(prefix) ? href.slice(prefix.length) : href);
  return title !== "" && !title.startsWith("#") && Title.tryParse(title, s.env.site) === null;
}

/**
 * The text the parser shows for `[[target]]`: references and %-escapes decoded, NFC, and for
 * a subpage link ("/x/", "../x", "../") the part it names.
 */
function shownText(target: string, s: Serializer): string {
  const decoded = percentDecode(decodeEntities(target));
  const text = toNfc(decoded);
  const sub = resolveSubpageTarget(text, s.env.site, s.env.page.title);
  if (sub === null || sub === "above-root") return text;
  if (sub.kind === "child") return sub.trailing ? sub.rest.slice(1) : sub.resolved;
  return sub.rest === "" ? sub.resolved : sub.trailing ? sub.rest : sub.resolved;
}

export const wikiLinkHandler: NodeHandler = {
  serialize(el, s) {
    // An editor's new link with nothing in it shows nothing: nothing is written.
    if (el.children.length === 0 && isNewContent(el)) return;
    const href = el.getAttribute("href") ?? "";
    // A link showing its own absolute URL is that URL, whatever its rel says.
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(href) && plainText(el) === href) return extLinkHandler.serialize(el, s);
    // An href of a URL protocol ("news:Foo") names no page: it is an external link.
    if (isProtocolUrl(href, s)) return extLinkHandler.serialize(el, s);
    if (isUnlinkableHref(href, s)) return s.serializeChildren(el);
    // An interwiki link to a wiki this one has no prefix for can only be an external link.
    if (isUnknownInterwiki(el, href, s)) return extLinkHandler.serialize(el, s);
    // A link to a section of this page showing "#section" is [[#section]].
    const selfFragment = el.dp?.sa === undefined ? selfFragmentText(el, href, s) : null;
    if (selfFragment !== null) {
      if (s.line.trailingRunOf("[") % 2 === 1) s.emit("<nowiki/>");
      s.emitMarkup(`[[${selfFragment}]]`);
      return;
    }
    // Text ending in an odd run of "[" would join the link's "[[" ("[[[x]]]" is no "[" and a
    // link); an even run leaves the link whole.
    if (s.line.trailingRunOf("[") % 2 === 1) s.emit("<nowiki/>");
    let target = wikiLinkTarget(el, s.env.site);
    // A page whose title looks like subpage syntax ("/x/"), where subpages exist: written as
    // [[/x/]] it would name a subpage; the colon keeps it the page itself.
    if (target !== el.dp?.sa?.["href"] && /^(?:\/|\.\.\/)/.test(target) && resolveSubpageTarget(target, s.env.site, s.env.page.title) !== null) target = `:${target}`;
    const fullText = plainText(el);
    // Prefix and trail the parse data says were absorbed from the text around the link.
    const prefix = typeof el.dp?.prefix === "string" && fullText?.startsWith(el.dp.prefix) ? el.dp.prefix : "";
    const tail = typeof el.dp?.tail === "string" && fullText !== null && fullText.slice(prefix.length).endsWith(el.dp.tail) ? el.dp.tail : "";
    // [[{{1x|Foo}}bar]]: an unpiped link whose target templates wrote (mw:ExpandedAttrs) shows
    // what they gave, a pipe included: written back as it was while the target is unchanged.
    if (el.dp?.stx === "simple" && el.dp.sa?.["href"] === target && /\bmw:ExpandedAttrs\b/.test(el.getAttribute("typeof") ?? "")) {
      s.emit(prefix);
      s.emitMarkup(`[[${target}]]`);
      s.emit(tail);
      return;
    }
    if (fullText !== null && (prefix !== "" || tail !== "")) {
      const inner = fullText.slice(prefix.length, fullText.length - tail.length);
      s.emit(prefix);
      const bareTarget = target.replace(/^:/, "");
      if (inner === bareTarget || decodeEntities(bareTarget) === inner) s.emitMarkup(`[[${target}]]`);
      else {
        s.emit(`[[${target}|`);
        s.withContext({ link: "wiki" }, () => s.emitText(inner));
        s.emitMarkup("]]");
      }
      s.emit(tail);
      return;
    }
    const text = fullText;
    // (An ISBN written with references for its spaces shows them as entity spans.)
    const magicText = text ?? (el.dp?.stx === "magiclink" ? textOf(el) : null);
    if (magicText !== null && isIsbnMagicLink(target, magicText)) {
      // (A letter or digit right before or after would keep the magic link from linking.)
      if (s.endsWithWordCharacter) s.emit("<nowiki/>");
      s.emit(magicLinkSource(el, magicText));
      s.markAutolink("magic");
      return;
    }
    const stx = el.dp?.stx;
    if (text !== null && stx !== "piped") {
      const bare = target.replace(/^:/, "");
      if (text === bare || shownText(bare, s) === text || (bare.includes("&") && decodeEntities(bare) === text)) {
        s.emitMarkup(`[[${target}]]`);
        return;
      }
      // [[/x]]: a subpage link whose text is what the parser shows for it; [[/x/]] shows x.
      if (isSubpageLinkText(text, bare, s)) {
        s.emitMarkup(`[[${text}]]`);
        return;
      }
      if (el.dp?.sa === undefined && text !== "" && !/[/[\]|{}<>]/.test(text) && namesSubpage(`/${text}/`, bare, s)) {
        s.emitMarkup(`[[/${text}/]]`);
        return;
      }
      // [[text]] shows exactly its text and resolves the same way (first letter, underscores).
      // (Not with %-escapes in it: the link would show them, its target decoded.)
      if (sameTarget(text, bare) && text.trim() === text && !/[[\]|{}<>]|%[0-9A-Fa-f]{2}/.test(text)) {
        s.emitMarkup(`[[${target.startsWith(":") ? ":" : ""}${text}]]`);
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
    // [[Foo{{1x|bar}}]]: a simple link whose text (partly template output) spells its target.
    if (text === null && stx === "simple" && sameTarget(el.textContent(), target.replace(/^:/, ""))) {
      s.emit(target.startsWith(":") ? "[[:" : "[[");
      s.withContext({ link: "wiki" }, () => s.serializeChildren(el));
      s.emitMarkup("]]");
      return;
    }
    // A piped link whose source close ("]]" + trail) was wider than "]]" had a link trail.
    const dsr = el.dp?.dsr;
    if (text !== null && dsr && typeof dsr[3] === "number" && dsr[3] > 2) {
      const trail = text.slice(text.length - (dsr[3] - 2));
      if (trail !== "" && s.env.site.linkTrail?.exec(trail)?.[0] === trail) {
        s.emit(`[[${target}|`);
        s.withContext({ link: "wiki" }, () => s.emitText(text.slice(0, text.length - trail.length)));
        s.emit(`]]${trail}`);
        return;
      }
    }
    // A new link's text starting with its target in lower case: the target is written so
    // (the first letter's case does not matter to the title).
    if (text !== null && isNewContent(el) && el.dp?.sa === undefined) target = targetInTextCase(target, text, s);
    // The pipe as written: {{!}} stands for it in template arguments.
    s.emit(`[[${target}${el.dp?.firstPipeSrc === "{{!}}" ? "{{!}}" : "|"}`);
    s.withContext({ link: "wiki" }, () => s.serializeChildren(el));
    s.emitMarkup("]]");
  },
};

/** The text of a link to a fragment of the page itself, when it shows "#" and that fragment. */
function selfFragmentText(el: WElement, href: string, s: Serializer): string | null {
  const hash = href.indexOf("#");
  if (hash < 0) return null;
  const text = el.textContent().replace(/[\u00a0\u202f]/g, " ");
  if (!text.startsWith("#") || text.includes("]]") || text.includes("|") || text.includes("\n")) return null;
  const page = href.slice(0, hash);
  const prefix = articlePathPrefix(s.env.site);
  const pageTitle = titleFromHref(prefix !== "" && page.startsWith(prefix) ? page.slice(prefix.length) : page);
  if (pageTitle !== "" && !sameTarget(pageTitle, s.env.page.title)) return null;
  const fragment = titleFromHref(`x${href.slice(hash)}`).slice(2);
  return sameTarget(fragment, text.slice(1)) && fragment.replace(/_/g, " ") === text.slice(1) ? text : null;
}

function isProtocolUrl(href: string, s: Serializer): boolean {
  const colon = href.indexOf(":");
  if (colon <= 0 || href.startsWith("./")) return false;
  const scheme = href.slice(0, colon + 1).toLowerCase();
  return s.env.site.protocols().some((p) => p.toLowerCase() === scheme) && s.env.site.interwiki(href.slice(0, colon).toLowerCase()) === undefined;
}

/** "Prefixed article" shown as "prefixed articles": written [[prefixed article|...]]. */
function targetInTextCase(target: string, text: string, s: Serializer): string {
  const first = target[0];
  if (first === undefined || target.includes(":") || first.toLowerCase() === first) return target;
  const lowered = first.toLowerCase() + target.slice(1);
  if (!text.startsWith(lowered)) return target;
  const title = Title.tryParse(lowered, s.env.site);
  return title !== null && title.ns === 0 && s.env.site.namespaceCase(0) === "first-letter" ? lowered : target;
}

function namesSubpage(link: string, target: string, s: Serializer): boolean {
  const sub = resolveSubpageTarget(link, s.env.site, s.env.page.title);
  return sub !== null && sub !== "above-root" && sameTarget(sub.resolved, target);
}

/** Text that, written as the link ("/x"), is a subpage link to `target` (such a link shows its text as written). */
function isSubpageLinkText(text: string, target: string, s: Serializer): boolean {
  if (!text.startsWith("/") || text.endsWith("/") || /[[\]|{}<>]/.test(text)) return false;
  return namesSubpage(text, target, s);
}

function isUnknownInterwiki(el: WElement, href: string, s: Serializer): boolean {
  if (!(el.getAttribute("rel") ?? "").includes("Interwiki") || interwikiTarget(href, s.env.site) !== null) return false;
  const title = el.getAttribute("title") ?? "";
  const colon = title.indexOf(":");
  return colon <= 0 || s.env.site.interwiki(title.slice(0, colon).trim().toLowerCase()) === undefined;
}
