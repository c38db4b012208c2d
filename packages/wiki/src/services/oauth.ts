/**
 * Owner-only OAuth 2 bearer tokens: a logged-in user creates one for their own scripts, sees it
 * once, and presents it as "Authorization: Bearer <token>". Only its SHA-256 is stored.
 */
import { StoreError } from "../errors";
import { randomToken, sha256Hex } from "../auth/secrets";
import type { User } from "../types";
import type { StoreContext } from "./context";
import { findUserById } from "./users";
import { isId } from "./validate";

/** Recognisable prefix, so leaked tokens can be found by secret scanners. */
export const OAUTH_TOKEN_PREFIX = "wlo_";
/** lastUsed is refreshed at most this often, so authenticated reads do not all become writes. */
const LAST_USED_GRANULARITY_MS = 60_000;

export function oauthService(ctx: StoreContext) {
  return {
    async create(user: User, opts: { name?: string; expires?: Date } = {}): Promise<{ id: number; token: string }> {
      const name = (opts.name ?? "").trim().slice(0, 255) || "Access token";
      if (opts.expires && (Number.isNaN(opts.expires.getTime()) || opts.expires <= ctx.now())) {
        throw new StoreError("invalidexpiry", "The expiry time is invalid or in the past.");
      }
      const token = OAUTH_TOKEN_PREFIX + randomToken();
      return ctx.queue.run(async () => {
        const row = await ctx.db.oAuthToken.create({
          data: { userId: user.id, name, tokenHash: sha256Hex(token), created: ctx.now(), expires: opts.expires ?? null },
        });
        return { id: row.id, token };
      });
    },

    /** The token's owner, or null for an unknown, revoked or expired token. */
    verify(token: string): Promise<User | null> {
      if (typeof token !== "string" || !token.startsWith(OAUTH_TOKEN_PREFIX) || token.length > 128) return Promise.resolve(null);
      return ctx.queue.run(async () => {
        const row = await ctx.db.oAuthToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
        const now = ctx.now();
        if (!row || (row.expires !== null && row.expires <= now)) return null;
        if (!row.lastUsed || now.getTime() - row.lastUsed.getTime() > LAST_USED_GRANULARITY_MS) {
          await ctx.db.oAuthToken.update({ where: { id: row.id }, data: { lastUsed: now } });
        }
        return findUserById(ctx.db, row.userId);
      });
    },

    /** Revokes one of the user's own tokens; 'nosuchtoken' when it is not theirs or does not exist. */
    revoke(user: User, id: number): Promise<void> {
      return ctx.queue.run(async () => {
        if (!isId(id)) throw new StoreError("nosuchtoken", `You have no access token with id ${String(id)}.`);
        const { count } = await ctx.db.oAuthToken.deleteMany({ where: { id, userId: user.id } });
        if (count === 0) throw new StoreError("nosuchtoken", `You have no access token with id ${id}.`);
      });
    },

    list(user: User): Promise<{ id: number; name: string; created: Date; expires: Date | null; lastUsed: Date | null }[]> {
      return ctx.queue.run(() =>
        ctx.db.oAuthToken.findMany({
          where: { userId: user.id },
          orderBy: { id: "asc" },
          select: { id: true, name: true, created: true, expires: true, lastUsed: true },
        }),
      );
    },
  };
}
