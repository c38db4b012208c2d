import { Title, TitleError } from "@wikiloom/wikitext";
import type { PageRecord, Revision } from "@wikiloom/wiki";
import { ApiError } from "../../errors.js";
import type { ApiContext } from "../context.js";

/** One page the query is about, as resolved from titles= or revids=. */
export interface PageSetEntry {
  input: string;
  title: Title | null;
  invalidReason?: string;
  page: PageRecord | null;
  /** Revisions asked for explicitly through revids=. */
  revisions?: Revision[];
  /** Output object that prop modules fill in. */
  out: Record<string, unknown>;
}

export interface PageSet {
  entries: PageSetEntry[];
  normalized: { from: string; to: string }[];
  badRevids: number[];
}

const MAX_TITLES = 50;

/** Resolves titles=/revids= into pages, the way MediaWiki's ApiPageSet reports them. */
export async function buildPageSet(ctx: ApiContext): Promise<PageSet | null> {
  const p = ctx.params;
  const hasTitles = p.has("titles");
  const hasRevids = p.has("revids");
  if (p.has("pageids")) throw new ApiError("badvalue", 'Looking pages up by "pageids" is not supported; use "titles" or "revids".');
  if (!hasTitles && !hasRevids) return null;
  if (hasTitles && hasRevids) throw new ApiError("invalidparammix", 'The parameters "titles" and "revids" can not be used together.');
  const set: PageSet = { entries: [], normalized: [], badRevids: [] };
  if (hasTitles) {
    const titles = p.list("titles");
    if (titles.length > MAX_TITLES) throw new ApiError("toomanyvalues", `Too many values supplied for parameter "titles". The limit is ${MAX_TITLES}.`);
    const seen = new Map<string, PageSetEntry>();
    for (const input of titles) {
      const entry = await resolveTitle(ctx, input, set);
      const key = entry.title ? entry.title.prefixedDbKey : `invalid:${input}`;
      if (!seen.has(key)) {
        seen.set(key, entry);
        set.entries.push(entry);
      }
    }
  } else {
    const byPage = new Map<number, PageSetEntry>();
    for (const raw of p.list("revids")) {
      const revid = Number(raw);
      const revision = Number.isInteger(revid) && revid > 0 ? await ctx.store.pages.revision(ctx.wiki, revid) : null;
      if (!revision) {
        set.badRevids.push(Number.isInteger(revid) ? revid : 0);
        continue;
      }
      let entry = byPage.get(revision.pageId);
      if (!entry) {
        const title = Title.parse(revision.title, ctx.site);
        entry = { input: revision.title, title, page: await ctx.store.pages.get(ctx.wiki, title), revisions: [], out: {} };
        byPage.set(revision.pageId, entry);
        set.entries.push(entry);
      }
      entry.revisions!.push(revision);
    }
  }
  for (const entry of set.entries) entry.out = baseOutput(entry);
  return set;
}

async function resolveTitle(ctx: ApiContext, input: string, set: PageSet): Promise<PageSetEntry> {
  let title: Title;
  try {
    title = Title.parse(input, ctx.site);
  } catch (error) {
    if (error instanceof TitleError) return { input, title: null, invalidReason: invalidReasonText(error), page: null, out: {} };
    throw error;
  }
  if (title.prefixedText !== input) set.normalized.push({ from: input, to: title.prefixedText });
  const page = title.isExternal || title.ns < 0 ? null : await ctx.store.pages.get(ctx.wiki, title);
  return { input, title, page, out: {} };
}

function invalidReasonText(error: TitleError): string {
  switch (error.code) {
    case "title-invalid-empty":
      return "The requested page title is empty or contains only the name of a namespace.";
    case "title-invalid-characters":
      return `The requested page title contains invalid characters: "${error.input}".`;
    case "title-invalid-too-long":
      return "The requested page title is too long.";
    default:
      return `The requested page title is invalid (${error.code}).`;
  }
}

function baseOutput(entry: PageSetEntry): Record<string, unknown> {
  if (!entry.title) return { title: entry.input, invalidreason: entry.invalidReason, invalid: true };
  if (entry.title.isExternal) return { title: entry.title.prefixedText, iw: entry.title.interwiki };
  if (entry.title.ns < 0) return { ns: entry.title.ns, title: entry.title.prefixedText, special: true };
  if (!entry.page) return { ns: entry.title.ns, title: entry.title.prefixedText, missing: true };
  return { pageid: entry.page.id, ns: entry.page.ns, title: entry.page.title };
}

/** formatversion=2 lists pages; formatversion=1 keys them by page id (negative for missing ones). */
export function pagesOutput(set: PageSet, formatVersion: 1 | 2): unknown {
  if (formatVersion === 2) return set.entries.map((entry) => entry.out);
  const out: Record<string, unknown> = {};
  let missing = -1;
  for (const entry of set.entries) {
    const id = entry.page ? String(entry.page.id) : String(missing--);
    out[id] = entry.out;
  }
  return out;
}
