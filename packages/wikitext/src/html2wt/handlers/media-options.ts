// The options of a media link, as groups of one meaning each (format, alignment, size, link...).
// From the HTML every group gets its option written anew; the original options (`optList`, each
// with its canonical key `ck` and text as written `ak`) are written back verbatim, in their
// order, for every group whose meaning the edit left alone. Options that had no effect (an
// overridden caption, an ignored second format) stay too, so an untouched image round-trips.
import type { WElement } from "../../dom/node.js";
import { decodeEntities } from "../../util/entities.js";
import { sameTarget, titleFromHref } from "./link-target.js";

export interface OriginalOption {
  ck: string;
  ak: string;
}

type Group = "format" | "halign" | "valign" | "border" | "width" | "upright" | "link" | "alt" | "class" | "lang" | "page" | "starttime" | "endtime" | "caption";

/** Groups in the order options are written when they have no original position. */
const GROUP_ORDER: readonly Group[] = ["link", "alt", "page", "lang", "halign", "valign", "border", "class", "starttime", "endtime", "format", "upright", "width", "caption"];

const FORMAT_OF: Record<string, string> = { thumbnail: "thumb", manualthumb: "thumb", framed: "frame", frameless: "frameless" };
const HALIGNS = new Set(["left", "right", "center", "none"]);
const VALIGNS = new Set(["baseline", "sub", "super", "top", "text_top", "middle", "bottom", "text_bottom"]);

function groupOf(ck: string): Group | null {
  if (ck in FORMAT_OF) return "format";
  if (HALIGNS.has(ck)) return "halign";
  if (VALIGNS.has(ck)) return "valign";
  if (ck === "border" || ck === "width" || ck === "upright" || ck === "link" || ck === "alt" || ck === "class" || ck === "lang" || ck === "page" || ck === "starttime" || ck === "endtime" || ck === "caption") return ck;
  return null;
}

/** What the media element shows now, one entry per group (null: the group is absent). */
export interface MediaState {
  format: string | null;
  halign: string | null;
  valign: string | null;
  border: boolean;
  /** The rendered width and the width rendered when the original was parsed. */
  width: { current: string | null; original: string | null; explicit: boolean };
  /** Link target: undefined for the default (the file page), "" for no link, else the href. */
  link: string | undefined;
  /** A link= the HTML cannot show (no valid title, or a player's), as data-mw keeps it. */
  linkKept?: string | null;
  /** The link element records no original href (no data-parser `a.href`) to compare with. */
  linkUnrecorded?: boolean;
  alt: string | null;
  caption: string | null;
  /** An inline image's caption as data-mw holds it (its source text, from this engine). */
  captionData: string | null;
  /** The text an alt option with markup gave (data-mw attribs), if any. */
  altText?: string | null;
  /** The inline caption's HTML is still what the parse made of it (data-parser `captionHtml`). */
  captionUnchanged?: boolean;
  /** The file is missing (a broken-media placeholder stands for it): options it would show are not shown. */
  missingFile?: boolean;
  /** Classes on the wrapper that no other option explains (from `class=`). */
  classes?: readonly string[];
  /**
   * The page option as data-mw keeps it (its text, and whether it was written with markup such
   * as a template): the href's `?page=` query only shows a rendering of it.
   */
  page?: { text: string; markup: boolean } | null;
  /** Each group's option written anew from the HTML (null: nothing to write). */
  fresh: Partial<Record<Group, string | null>>;
}

function optionValue(ak: string): string {
  const at = ak.indexOf("=");
  return decodeEntities(at >= 0 ? ak.slice(at + 1) : ak).trim();
}

/** The href a `link=` value resolves to, to compare with the current one. */
function linkMatches(ak: string, link: string | undefined): boolean {
  const value = optionValue(ak);
  if (link === undefined) return false;
  if (value === "" || link === "") return value === link;
  if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(value) || /^(mailto|news|tel|urn|geo):/i.test(value)) return value === link;
  return link.startsWith("./") && sameTarget(value, titleFromHref(link));
}

/** Whether the group still has the meaning the original options gave it. */
function unchanged(group: Group, entries: readonly OriginalOption[], state: MediaState): boolean {
  const first = entries[0]!;
  const last = entries[entries.length - 1]!;
  switch (group) {
    case "format": return FORMAT_OF[first.ck] === state.format;
    case "halign": return first.ck === state.halign;
    case "valign": return first.ck.replace("_", "-") === state.valign;
    case "border": return state.border;
    case "width": {
      const w = state.width;
      // A missing file shows no size: nothing says the option changed.
      if (w.current === null && w.original === null) return true;
      if (w.original !== null) return w.original === w.current;
      const requested = /^\s*(\d+)/.exec(optionValue(last.ak))?.[1] ?? null;
      return requested !== null && requested === w.current;
    }
    case "link":
      // A target written with markup ({{...}}, [[...]]) cannot be compared with the href: while
      // the link's parse data does not say it changed, it stays as written.
      if (state.linkUnrecorded === true && /\{\{|\[\[/.test(optionValue(last.ak))) return true;
      return linkMatches(last.ak, state.link) || (state.linkKept != null && optionValue(last.ak) === decodeEntities(state.linkKept).trim());
    // An alt text with markup: data-mw attribs keep the text it gave. A missing file shows no
    // alt text: nothing says it changed.
    case "alt":
      if (state.alt === null) return state.missingFile === true;
      return optionValue(last.ak) === state.alt || state.altText === state.alt;
    case "caption":
      if (state.captionUnchanged) return true;
      if (state.captionData !== null && decodeEntities(last.ak.trim()) === state.captionData) return true;
      return state.caption !== null && last.ak.trim() === state.caption;
    case "page": {
      if (state.page === undefined) return true;
      if (state.page === null) return false;
      // `page 2` and `page=2` both give the text after the option word.
      return state.page.markup || /^\S+?[=\s]\s*(.*)$/s.exec(decodeEntities(last.ak).trim())?.[1]?.trim() === state.page.text;
    }
    case "class": return state.classes === undefined || entries.map((o) => optionValue(o.ak)).join(" ").split(/\s+/).filter(Boolean).join(" ") === state.classes.join(" ");
    // Options the HTML does not show in a comparable form: kept as written.
    default: return true;
  }
}

/** The option texts to write between the file name's pipes. */
export function mediaOptionTexts(state: MediaState, original: readonly OriginalOption[] | null): string[] {
  const fresh = (g: Group): string | null => state.fresh[g] ?? null;
  if (!original || original.length === 0) return GROUP_ORDER.map(fresh).filter((o): o is string => o !== null);
  const byGroup = new Map<Group, OriginalOption[]>();
  for (const o of original) {
    const g = groupOf(o.ck);
    if (g) byGroup.set(g, [...(byGroup.get(g) ?? []), o]);
  }
  const keep = new Set<Group>();
  for (const [g, entries] of byGroup) if (unchanged(g, entries, state)) keep.add(g);
  const out: string[] = [];
  const written = new Set<Group>();
  for (const o of original) {
    const g = groupOf(o.ck);
    if (g === null) {
      out.push(o.ak);
      continue;
    }
    if (keep.has(g)) {
      out.push(o.ak);
      written.add(g);
    } else if (!written.has(g)) {
      // The edited value takes the place of the group's first original option.
      written.add(g);
      const text = fresh(g);
      if (text !== null) out.push(text);
    }
  }
  for (const g of GROUP_ORDER) {
    if (written.has(g)) continue;
    const text = fresh(g);
    if (text !== null) out.push(text);
  }
  return out;
}

export function originalOptions(el: WElement): OriginalOption[] | null {
  const list = el.dp?.["optList"];
  if (!Array.isArray(list)) return null;
  const out: OriginalOption[] = [];
  for (const o of list as unknown[]) {
    if (o === null || typeof o !== "object") return null;
    const { ck, ak } = o as Record<string, unknown>;
    if (typeof ck !== "string" || typeof ak !== "string") return null;
    out.push({ ck, ak });
  }
  return out;
}
