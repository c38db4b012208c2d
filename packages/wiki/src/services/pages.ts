/**
 * Pages and revisions: reads, history, listing, and the page-save pipeline (permission and
 * block checks, create-only / no-create, edit-conflict detection against the base revision or
 * timestamp, null edits, one transaction for page + revision, listeners after commit).
 */
import { upperFirst, type SiteConfig, type Title } from "@wikiloom/wikitext";
import { StoreError } from "../errors";
import type { Db, Tx } from "../db/client";
import { userCan } from "../auth/permissions";
import { settingsOf } from "../site/settings";
import type { PageRecord, Revision, SavedEvent, User, Wiki } from "../types";
import { findActiveBlock } from "./blocks";
import { byteLength, contentModelFor, isRedirect, normalizeText, sha1Hex } from "./content";
import { wholeSeconds, type StoreContext } from "./context";
import { clampLimit, isId, namespaceNumber, validDate } from "./validate";
import { Listeners, type EventListener } from "./listeners";
import { findUserById } from "./users";

type PageRow = { id: number; namespace: number; dbKey: string; latestRevId: number | null; touched: Date; isRedirect: boolean; length: number; contentModel: string };
type RevisionRow = {
  id: number; pageId: number; parentId: number | null; userId: number | null; userName: string; timestamp: Date;
  sha1: string; size: number; contentModel: string; comment: string; minor: boolean; text: string;
};

/** Prefixed text of (ns, dbKey) on this wiki: "Template:Foo bar". */
export function prefixedText(site: SiteConfig, ns: number, dbKey: string): string {
  const nsName = site.namespaceName(ns) ?? "";
  const text = dbKey.replace(/_/g, " ");
  return nsName === "" ? text : `${nsName}:${text}`;
}

export function toPage(site: SiteConfig, row: PageRow): PageRecord {
  return {
    id: row.id, ns: row.namespace, title: prefixedText(site, row.namespace, row.dbKey), dbKey: row.dbKey,
    latestRevId: row.latestRevId ?? 0, touched: row.touched, isRedirect: row.isRedirect, length: row.length,
    contentModel: row.contentModel,
  };
}

function toRevision(site: SiteConfig, row: RevisionRow, page: { namespace: number; dbKey: string }): Revision {
  return {
    id: row.id, pageId: row.pageId, parentId: row.parentId, title: prefixedText(site, page.namespace, page.dbKey),
    ns: page.namespace, userId: row.userId, userName: row.userName, timestamp: row.timestamp, sha1: row.sha1,
    size: row.size, contentModel: row.contentModel, comment: row.comment, minor: row.minor, text: row.text,
  };
}

export interface SaveInput {
  wiki: Wiki;
  title: Title;
  text: string;
  summary?: string;
  user: User;
  /** Revision the edit started from; another latest revision means an edit conflict. */
  baseRevId?: number;
  /** Timestamp of the revision the edit started from (MediaWiki's basetimestamp). */
  baseTimestamp?: Date;
  createOnly?: boolean;
  noCreate?: boolean;
  minor?: boolean;
}

export interface SaveResult {
  status: "saved" | "nochange";
  page: PageRecord;
  revision: Revision;
  created: boolean;
}

const MAX_SUMMARY_CHARS = 500;
const NS_MEDIAWIKI = 8;

/** Refuses titles that cannot be pages here: interwiki links, Special: and Media:. */
function checkStorable(title: Title): void {
  if (title.interwiki !== "" || title.ns < 0) {
    throw new StoreError("pagecannotexist", `"${title.prefixedText}" cannot be a page on this wiki.`);
  }
  if (title.dbKey === "") throw new StoreError("invalidtitle", "The title is empty.");
}

/** The rights the save needs; MediaWiki checks them again at save time, and so does this. */
async function checkRights(tx: Tx, input: SaveInput, creating: boolean, now: Date): Promise<User> {
  const user = await findUserById(tx, input.user.id);
  if (!user) throw new StoreError("nosuchuser", `The user "${input.user.name}" does not exist.`);
  const block = await findActiveBlock(tx, user.id, now);
  if (block) throw new StoreError("blocked", `You have been blocked from editing${block.reason ? `: ${block.reason}` : "."}`);
  if (!userCan(user, "edit")) throw new StoreError("permissiondenied", "You do not have permission to edit pages.");
  const createRight = input.title.isTalkPage ? "createtalk" : "createpage";
  if (creating && !userCan(user, createRight)) throw new StoreError("permissiondenied", "You do not have permission to create pages.");
  if (input.title.ns === NS_MEDIAWIKI && !userCan(user, "editinterface")) {
    throw new StoreError("permissiondenied", "You do not have permission to edit the interface.");
  }
  return user;
}

export async function findPage(db: Db | Tx, wiki: Wiki, title: Title) {
  if (title.interwiki !== "" || title.ns < 0) return null;
  return db.page.findUnique({ where: { wikiId_namespace_dbKey: { wikiId: wiki.id, namespace: title.ns, dbKey: title.dbKey } } });
}

/** Writes a revision and points the page at it; creates the page first when needed. */
async function writeRevision(tx: Tx, input: SaveInput, user: User, existing: PageRow | null, text: string, now: Date) {
  const contentModel = existing?.contentModel ?? contentModelFor(input.title.ns, input.title.dbKey);
  const page =
    existing ??
    (await tx.page.create({
      data: { wikiId: input.wiki.id, namespace: input.title.ns, dbKey: input.title.dbKey, touched: now, contentModel },
    }));
  const size = byteLength(text);
  const revision = await tx.revision.create({
    data: {
      pageId: page.id, parentId: existing?.latestRevId ?? null, userId: user.id, userName: user.name, timestamp: now,
      sha1: sha1Hex(text), size, contentModel, comment: [...(input.summary ?? "").trim()].slice(0, MAX_SUMMARY_CHARS).join(""),
      minor: Boolean(input.minor) && existing !== null, text,
    },
  });
  const updated = await tx.page.update({
    where: { id: page.id },
    data: { latestRevId: revision.id, touched: now, length: size, isRedirect: isRedirect(text, contentModel) },
  });
  return { page: updated, revision };
}

/** The body of save(), inside one transaction; seeding calls it directly. `text` is normalised. */
export async function saveInTransaction(ctx: StoreContext, tx: Tx, input: SaveInput, text: string, site: SiteConfig): Promise<SaveResult> {
  const now = wholeSeconds(ctx.now());
  const existing = await findPage(tx, input.wiki, input.title);
  const user = await checkRights(tx, input, existing === null, now);

  if (input.createOnly && existing) throw new StoreError("articleexists", `The page "${input.title.prefixedText}" already exists.`);
  if (input.noCreate && !existing) throw new StoreError("missingtitle", `The page "${input.title.prefixedText}" does not exist.`);

  if (!existing) {
    if (input.baseRevId !== undefined) {
      throw new StoreError("nosuchrevid", `There is no revision ${input.baseRevId} of "${input.title.prefixedText}".`);
    }
    if (input.baseTimestamp !== undefined) {
      throw new StoreError("pagedeleted", `The page "${input.title.prefixedText}" has been deleted since you fetched its timestamp.`);
    }
    const written = await writeRevision(tx, input, user, null, text, now);
    return { status: "saved", created: true, page: toPage(site, written.page), revision: toRevision(site, written.revision, written.page) };
  }

  const latest = await tx.revision.findUniqueOrThrow({ where: { id: existing.latestRevId! } });
  let stale = false;
  if (input.baseRevId !== undefined) {
    if (!isId(input.baseRevId)) throw new StoreError("nosuchrevid", `There is no revision ${String(input.baseRevId)}.`);
    const base = await tx.revision.findUnique({ where: { id: input.baseRevId }, select: { pageId: true } });
    if (!base || base.pageId !== existing.id) {
      throw new StoreError("nosuchrevid", `There is no revision ${input.baseRevId} of "${input.title.prefixedText}".`);
    }
    stale ||= input.baseRevId !== latest.id;
  }
  if (input.baseTimestamp !== undefined) {
    stale ||= wholeSeconds(input.baseTimestamp).getTime() !== latest.timestamp.getTime();
  }
  // Saving exactly what is already there loses nothing, stale base or not: a null edit.
  if (text === latest.text) {
    return { status: "nochange", created: false, page: toPage(site, existing), revision: toRevision(site, latest, existing) };
  }
  if (stale) throw new StoreError("editconflict", `Edit conflict: "${input.title.prefixedText}" was changed after your edit started.`);

  // Timestamps have whole seconds; a page's revisions get strictly increasing ones, so that a
  // base timestamp names exactly one revision even when edits follow within the same second.
  const stamp = now > latest.timestamp ? now : new Date(latest.timestamp.getTime() + 1000);
  const written = await writeRevision(tx, input, user, existing, text, stamp);
  return { status: "saved", created: false, page: toPage(site, written.page), revision: toRevision(site, written.revision, written.page) };
}

export type Listener = EventListener<SavedEvent>;

export function pagesService(ctx: StoreContext, siteConfig: (wiki: Wiki) => Promise<SiteConfig>) {
  const saved = new Listeners<SavedEvent>(ctx.log, "onSaved", (event) => event.page.title);

  return {
    async get(wiki: Wiki, title: Title): Promise<PageRecord | null> {
      const site = await siteConfig(wiki);
      const row = await ctx.queue.run(() => findPage(ctx.db, wiki, title));
      return row && row.latestRevId !== null ? toPage(site, row) : null;
    },

    /** A page of this wiki by id (null when missing or on another wiki). */
    async byId(wiki: Wiki, pageId: number): Promise<PageRecord | null> {
      if (!isId(pageId)) return null;
      const site = await siteConfig(wiki);
      const row = await ctx.queue.run(() => ctx.db.page.findUnique({ where: { id: pageId } }));
      return row && row.wikiId === wiki.id && row.latestRevId !== null ? toPage(site, row) : null;
    },

    /** A revision of this wiki by id (null when missing or on another wiki). */
    async revision(wiki: Wiki, revId: number): Promise<Revision | null> {
      if (!Number.isSafeInteger(revId) || revId <= 0) return null;
      const site = await siteConfig(wiki);
      const row = await ctx.queue.run(() => ctx.db.revision.findUnique({ where: { id: revId }, include: { page: true } }));
      return row && row.page.wikiId === wiki.id ? toRevision(site, row, row.page) : null;
    },

    async latest(wiki: Wiki, title: Title): Promise<Revision | null> {
      const site = await siteConfig(wiki);
      return ctx.queue.run(async () => {
        const page = await findPage(ctx.db, wiki, title);
        if (!page || page.latestRevId === null) return null;
        const row = await ctx.db.revision.findUnique({ where: { id: page.latestRevId } });
        return row ? toRevision(site, row, page) : null;
      });
    },

    /** Revisions of a page, newest first ('older', the default) or oldest first ('newer'). */
    async history(wiki: Wiki, title: Title, opts: { limit?: number; startId?: number; dir?: "older" | "newer" } = {}): Promise<Revision[]> {
      const site = await siteConfig(wiki);
      const limit = clampLimit(opts.limit, 50, 500);
      const startId = opts.startId !== undefined && Number.isFinite(opts.startId) ? Math.trunc(opts.startId) : undefined;
      const newer = opts.dir === "newer";
      return ctx.queue.run(async () => {
        const page = await findPage(ctx.db, wiki, title);
        if (!page) return [];
        const rows = await ctx.db.revision.findMany({
          where: { pageId: page.id, ...(startId !== undefined ? { id: newer ? { gte: startId } : { lte: startId } } : {}) },
          orderBy: { id: newer ? "asc" : "desc" },
          take: limit,
        });
        return rows.map((row) => toRevision(site, row, page));
      });
    },

    /** Pages of one namespace (default main) in title order, starting at `from` (a title without namespace). */
    async list(wiki: Wiki, opts: { namespace?: number; from?: string; limit?: number } = {}): Promise<PageRecord[]> {
      const site = await siteConfig(wiki);
      const ns = namespaceNumber(opts.namespace ?? 0);
      const limit = clampLimit(opts.limit, 50, 5000);
      let from = (opts.from ?? "").trim().replace(/ /g, "_");
      if (from !== "" && site.namespaceCase(ns) === "first-letter") from = upperFirst(from);
      const rows = await ctx.queue.run(() =>
        ctx.db.page.findMany({
          where: { wikiId: wiki.id, namespace: ns, latestRevId: { not: null }, ...(from !== "" ? { dbKey: { gte: from } } : {}) },
          orderBy: { dbKey: "asc" },
          take: limit,
        }),
      );
      return rows.map((row) => toPage(site, row));
    },

    /**
     * Saves a new revision. Errors (StoreError codes): 'pagecannotexist', 'contenttoobig',
     * 'articleexists', 'missingtitle', 'nosuchrevid', 'pagedeleted', 'editconflict', 'blocked',
     * 'permissiondenied', 'nosuchuser'. A text equal to the latest revision is a null edit
     * ('nochange'): no revision is written.
     */
    async save(input: SaveInput): Promise<SaveResult> {
      checkStorable(input.title);
      if (typeof input.text !== "string") throw new StoreError("badvalue", "The page text must be a string.");
      if (input.summary !== undefined && typeof input.summary !== "string") throw new StoreError("badvalue", "The summary must be a string.");
      if (input.baseTimestamp !== undefined) validDate(input.baseTimestamp, "badtimestamp", "base timestamp");
      const site = await siteConfig(input.wiki);
      const text = normalizeText(input.text);
      const maxBytes = settingsOf(input.wiki.settings).maxArticleSize;
      if (byteLength(text) > maxBytes) {
        throw new StoreError("contenttoobig", `The text is longer than the limit of ${Math.floor(maxBytes / 1024)} kilobytes.`);
      }
      const result = await ctx.transaction((tx) => saveInTransaction(ctx, tx, input, text, site));
      if (result.status === "saved") await saved.notify({ wiki: input.wiki, page: result.page, revision: result.revision });
      return result;
    },

    /** Calls `listener` after every committed save (not for null edits). Returns an unsubscribe function. */
    onSaved(listener: Listener): () => void {
      return saved.add(listener);
    },
  };
}
