/**
 * Cookie sessions. The cookie value is 256 random bits; the table keeps its SHA-256 only, so a
 * copy of the database does not hand out logged-in sessions. Anonymous sessions exist too: a
 * login or account-creation token must be bound to the browser that asked for it.
 */
import type { Db, Tx } from "../db/client";
import { randomToken, sha256Hex } from "../auth/secrets";
import type { User } from "../types";
import type { StoreContext } from "./context";
import { findUserById } from "./users";

export interface SessionInfo {
  sessionId: string;
  /** null for an anonymous session. */
  user: User | null;
  expires: Date;
}

/** The session's row when it exists and has not expired (an expired one is removed). */
export async function findSessionRow(db: Db | Tx, sessionId: string, now: Date) {
  if (typeof sessionId !== "string" || sessionId.length < 16 || sessionId.length > 128) return null;
  const row = await db.session.findUnique({ where: { idHash: sha256Hex(sessionId) } });
  if (!row) return null;
  if (row.expires <= now) {
    await db.session.deleteMany({ where: { idHash: row.idHash } });
    return null;
  }
  return row;
}

export function sessionsService(ctx: StoreContext) {
  async function open(userId: number | null, expires?: Date): Promise<{ id: string; expires: Date }> {
    const id = randomToken();
    const now = ctx.now();
    const row = await ctx.queue.run(() =>
      ctx.db.session.create({
        data: {
          idHash: sha256Hex(id),
          userId,
          secret: randomToken(),
          created: now,
          expires: expires ?? new Date(now.getTime() + ctx.sessionTtlMs),
        },
      }),
    );
    return { id, expires: row.expires };
  }

  /** Any live session with this id, anonymous ones included. */
  function lookup(id: string): Promise<SessionInfo | null> {
    return ctx.queue.run(async () => {
      const row = await findSessionRow(ctx.db, id, ctx.now());
      if (!row) return null;
      const user = row.userId === null ? null : await findUserById(ctx.db, row.userId);
      return { sessionId: id, user, expires: row.expires };
    });
  }

  return {
    lookup,

    /** A new logged-in session. Call it on login and destroy the previous (anonymous) session. */
    create(user: User, opts: { expires?: Date } = {}): Promise<{ id: string; expires: Date }> {
      return open(user.id, opts.expires);
    },

    /** A new anonymous session, to which login and createaccount tokens are bound. */
    createAnonymous(opts: { expires?: Date } = {}): Promise<{ id: string; expires: Date }> {
      return open(null, opts.expires);
    },

    /** The logged-in session with this id; null when unknown, expired or anonymous. */
    async get(id: string): Promise<{ user: User; sessionId: string } | null> {
      const info = await lookup(id);
      return info?.user ? { user: info.user, sessionId: info.sessionId } : null;
    },

    async destroy(id: string): Promise<void> {
      if (typeof id !== "string") return;
      await ctx.queue.run(() => ctx.db.session.deleteMany({ where: { idHash: sha256Hex(id) } }));
    },

    /** Ends every session of a user (after a password change, for instance). */
    async destroyAll(user: User): Promise<void> {
      await ctx.queue.run(() => ctx.db.session.deleteMany({ where: { userId: user.id } }));
    },

    /** Removes expired rows; returns how many. */
    purgeExpired(): Promise<number> {
      return ctx.queue.run(async () => (await ctx.db.session.deleteMany({ where: { expires: { lte: ctx.now() } } })).count);
    },
  };
}
