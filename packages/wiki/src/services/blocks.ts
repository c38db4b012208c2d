/** Account blocks: at most one per account, optionally expiring; blocked accounts lose write rights. */
import { StoreError } from "../errors";
import type { Db, Tx } from "../db/client";
import { userCan } from "../auth/permissions";
import type { ActiveBlock, User } from "../types";
import type { StoreContext } from "./context";

/** The block in force on an account at `now`, or null (an expired row is not in force). */
export async function findActiveBlock(db: Db | Tx, userId: number, now: Date): Promise<ActiveBlock | null> {
  const row = await db.block.findUnique({ where: { targetId: userId }, include: { by: { select: { name: true } } } });
  if (!row || (row.expiry !== null && row.expiry <= now)) return null;
  return { id: row.id, reason: row.reason, by: row.by.name, expiry: row.expiry, timestamp: row.timestamp, hideName: row.hideName };
}

/** Checks that `by` may place or lift blocks; a blocked admin may only lift their own block. */
async function authorise(db: Db | Tx, by: User, target: User, now: Date, lifting: boolean): Promise<void> {
  const fresh = await db.user.findUnique({ where: { id: by.id }, include: { groups: true } });
  if (!fresh) throw new StoreError("nosuchuser", `There is no user with id ${by.id}.`);
  const groups = fresh.groups.map((g) => g.group);
  if (!userCan({ groups }, "block")) throw new StoreError("permissiondenied", "You are not allowed to block or unblock users.");
  const own = await findActiveBlock(db, by.id, now);
  if (own && !(lifting && target.id === by.id)) throw new StoreError("blocked", "You are blocked and cannot block or unblock users.");
}

export function blocksService(ctx: StoreContext) {
  return {
    /**
     * Blocks `target` until `expiry` (null or absent: infinite). With `hideName` the account's
     * name is suppressed while the block stands (needs the hideuser right and, as in MediaWiki,
     * an infinite block). Throws 'permissiondenied', 'blocked', 'nosuchuser', 'alreadyblocked',
     * 'invalidexpiry' or 'ipb_expiry_temp'.
     */
    block(target: User, by: User, opts: { reason?: string; expiry?: Date | null; hideName?: boolean } = {}): Promise<{ id: number; expiry: Date | null }> {
      return ctx.transaction(async (tx) => {
        const now = ctx.now();
        await authorise(tx, by, target, now, false);
        const expiry = opts.expiry ?? null;
        const hideName = opts.hideName ?? false;
        if (hideName) {
          const author = await tx.user.findUnique({ where: { id: by.id }, include: { groups: true } });
          if (!userCan({ groups: author?.groups.map((g) => g.group) ?? [] }, "hideuser")) {
            throw new StoreError("permissiondenied", "You are not allowed to hide user names.");
          }
          if (expiry !== null) throw new StoreError("ipb_expiry_temp", "Hidden username blocks must be permanent.");
        }
        if (expiry !== null && (Number.isNaN(expiry.getTime()) || expiry <= now)) {
          throw new StoreError("invalidexpiry", "The expiry time is invalid or in the past.");
        }
        const exists = await tx.user.findUnique({ where: { id: target.id }, select: { id: true } });
        if (!exists) throw new StoreError("nosuchuser", `The user "${target.name}" does not exist.`);
        if (await findActiveBlock(tx, target.id, now)) {
          throw new StoreError("alreadyblocked", `${target.name} is already blocked.`);
        }
        // An expired block is only history now; the new one replaces it.
        await tx.block.deleteMany({ where: { targetId: target.id } });
        const row = await tx.block.create({
          data: { targetId: target.id, byId: by.id, reason: opts.reason ?? "", timestamp: now, expiry, hideName },
        });
        return { id: row.id, expiry: row.expiry };
      });
    },

    /** Lifts the block on `target`. Throws 'permissiondenied', 'blocked' or 'cantunblock'. */
    unblock(target: User, by: User): Promise<void> {
      return ctx.transaction(async (tx) => {
        const now = ctx.now();
        await authorise(tx, by, target, now, true);
        if (!(await findActiveBlock(tx, target.id, now))) {
          throw new StoreError("cantunblock", `${target.name} is not blocked.`);
        }
        await tx.block.deleteMany({ where: { targetId: target.id } });
      });
    },

    active(user: User): Promise<ActiveBlock | null> {
      return ctx.queue.run(() => findActiveBlock(ctx.db, user.id, ctx.now()));
    },
  };
}
