/**
 * Page deletion (MediaWiki's action=delete): the page's revisions move to the archive under a
 * deletion-log entry, the page row goes, all in one transaction; listeners run after commit so
 * that indexes (search) drop the page.
 */
import type { SiteConfig, Title } from "@wikiloom/wikitext";
import { userCan } from "../auth/permissions";
import type { Tx } from "../db/client";
import { StoreError } from "../errors";
import type { DeletedEvent, User, Wiki } from "../types";
import { findActiveBlock } from "./blocks";
import { wholeSeconds, type StoreContext } from "./context";
import { Listeners, type EventListener } from "./listeners";
import { findPage, prefixedText, toPage } from "./pages";
import { findUserById } from "./users";

export interface DeleteInput {
  wiki: Wiki;
  title: Title;
  user: User;
  reason?: string;
}

export interface DeleteResult {
  /** Prefixed title of the deleted page. */
  title: string;
  reason: string;
  /** Id of the deletion-log entry. */
  logId: number;
}

/** MediaWiki cuts log comments at 500 characters as well. */
const MAX_REASON_CHARS = 500;

/** The deleting account, re-read inside the transaction: blocks and rights as they are now. */
async function checkDeleter(tx: Tx, input: DeleteInput, now: Date): Promise<User> {
  const user = await findUserById(tx, input.user.id);
  if (!user) throw new StoreError("nosuchuser", `The user "${input.user.name}" does not exist.`);
  const block = await findActiveBlock(tx, user.id, now);
  if (block) throw new StoreError("blocked", `You have been blocked from editing${block.reason ? `: ${block.reason}` : "."}`);
  if (!userCan(user, "delete")) throw new StoreError("permissiondenied", "You do not have permission to delete pages.");
  return user;
}

async function deleteInTransaction(tx: Tx, input: DeleteInput, reason: string, site: SiteConfig, now: Date): Promise<{ result: DeleteResult; event: DeletedEvent }> {
  const user = await checkDeleter(tx, input, now);
  const page = await findPage(tx, input.wiki, input.title);
  if (!page || page.latestRevId === null) throw new StoreError("missingtitle", `The page "${input.title.prefixedText}" does not exist.`);
  const record = toPage(site, page);
  const deletion = await tx.deletion.create({
    data: { wikiId: input.wiki.id, pageId: page.id, namespace: page.namespace, dbKey: page.dbKey, userId: user.id, userName: user.name, reason, timestamp: now },
  });
  const revisions = await tx.revision.findMany({ where: { pageId: page.id }, orderBy: { id: "asc" } });
  // Same ids in the archive: revision ids stay unique for good (the sequence never reuses them).
  await tx.archivedRevision.createMany({
    data: revisions.map(({ pageId: _page, ...revision }) => ({ ...revision, deletionId: deletion.id })),
  });
  await tx.page.delete({ where: { id: page.id } }); // its revisions go with it (cascade)
  return {
    result: { title: record.title, reason, logId: deletion.id },
    event: { wiki: input.wiki, page: record, logId: deletion.id, reason, user: user.name, timestamp: now },
  };
}

export function deletionService(ctx: StoreContext, siteConfig: (wiki: Wiki) => Promise<SiteConfig>) {
  const deleted = new Listeners<DeletedEvent>(ctx.log, "onDeleted", (event) => event.page.title);
  return {
    /**
     * Deletes a page, keeping its revisions in the archive. Errors (StoreError codes):
     * 'missingtitle', 'permissiondenied' (the `delete` right), 'blocked', 'nosuchuser', 'badvalue'.
     */
    async delete(input: DeleteInput): Promise<DeleteResult> {
      if (input.reason !== undefined && typeof input.reason !== "string") throw new StoreError("badvalue", "The reason must be a string.");
      const reason = [...(input.reason ?? "").trim()].slice(0, MAX_REASON_CHARS).join("");
      const site = await siteConfig(input.wiki);
      const now = wholeSeconds(ctx.now());
      const { result, event } = await ctx.transaction((tx) => deleteInTransaction(tx, input, reason, site, now));
      await deleted.notify(event);
      return result;
    },

    /** Calls `listener` after every committed deletion. Returns an unsubscribe function. */
    onDeleted(listener: EventListener<DeletedEvent>): () => void {
      return deleted.add(listener);
    },

    /**
     * Deletion-log entries of a wiki after log id `afterId`, oldest first: how clients that keep
     * copies (search documents, pages) learn which pages went away.
     */
    async deletionsSince(wiki: Wiki, afterId: number, limit = 500): Promise<{ logId: number; pageId: number; title: string }[]> {
      const site = await siteConfig(wiki);
      const rows = await ctx.queue.run(() =>
        ctx.db.deletion.findMany({ where: { wikiId: wiki.id, id: { gt: afterId } }, orderBy: { id: "asc" }, take: Math.max(1, Math.min(limit, 5000)) }),
      );
      return rows.map((row) => ({ logId: row.id, pageId: row.pageId, title: prefixedText(site, row.namespace, row.dbKey) }));
    },

    /** Id of the wiki's latest deletion-log entry (0: none yet). */
    async lastDeletionId(wiki: Wiki): Promise<number> {
      const row = await ctx.queue.run(() => ctx.db.deletion.findFirst({ where: { wikiId: wiki.id }, orderBy: { id: "desc" }, select: { id: true } }));
      return row?.id ?? 0;
    },

    /** Number of archived revisions of a deletion (what undeletion would restore). */
    archivedCount(logId: number): Promise<number> {
      return ctx.queue.run(() => ctx.db.archivedRevision.count({ where: { deletionId: logId } }));
    },
  };
}
