/**
 * The user directory over the wiki store: one installation is one central-login farm, so central
 * user ids are the store's user ids. Standing (rights, block) comes from the store's services;
 * the batch lookups that listing pages need (names of 20 users, names matching a filter) read
 * the store's User table in one query each instead of one store call per user.
 */
import { rightsOf, type WikiStore } from "@wikiloom/wiki";
import type { AccountStanding, UserDirectory, UserVisibility } from "../context";
import type { EventsDatabase } from "../db/database";
import { Prisma } from "../generated/prisma/client";

async function standing(store: WikiStore, user: Awaited<ReturnType<WikiStore["users"]["byId"]>>): Promise<AccountStanding | null> {
  if (!user) return null;
  const block = await store.blocks.active(user);
  return { id: user.id, name: user.name, rights: rightsOf(user, block), blocked: block !== null };
}

/** A LIKE pattern matching names that contain `fragment` literally (LOWER() folds ASCII only, so does this). */
function likePattern(fragment: string): string {
  const literal = fragment.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${literal}%`;
}

/** Accounts whose name is not suppressed by a hidename block. */
const NOT_HIDDEN = Prisma.sql`NOT EXISTS (SELECT 1 FROM "Block" b WHERE b."targetId" = u."id" AND b."hideName")`;

function isHidden(value: number | bigint | boolean | null): boolean {
  return value === true || value === 1 || value === 1n;
}

export function storeUserDirectory(store: WikiStore, database: EventsDatabase): UserDirectory {
  return {
    standingByName: async (name) => standing(store, await store.users.byName(name)),
    standingById: async (id) => standing(store, await store.users.byId(id)),

    async visibility(ids) {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
      const result = new Map<number, UserVisibility>();
      if (unique.length === 0) return result;
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint; name: string; hidden: number | bigint | boolean | null }[]>(
          Prisma.sql`SELECT u."id", u."name", b."hideName" AS "hidden" FROM "User" u LEFT JOIN "Block" b ON b."targetId" = u."id" WHERE u."id" IN (${Prisma.join(unique)})`,
        ),
      );
      // Suppressed accounts (blocked with hidename, which is always permanent) stay hidden.
      for (const row of rows) result.set(Number(row.id), isHidden(row.hidden) ? { status: "hidden" } : { status: "visible", name: row.name });
      return result;
    },

    async usersWithNameContaining(fragment, limit) {
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint }[]>(
          Prisma.sql`SELECT u."id" FROM "User" u WHERE LOWER(u."name") LIKE ${likePattern(fragment)} ESCAPE '\\' AND ${NOT_HIDDEN} LIMIT ${limit + 1}`,
        ),
      );
      return rows.length > limit ? null : rows.map((row) => Number(row.id));
    },

    async namesContaining(ids, fragment) {
      if (ids.length === 0) return new Set();
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint }[]>(
          Prisma.sql`SELECT u."id" FROM "User" u WHERE u."id" IN (${Prisma.join([...ids])}) AND LOWER(u."name") LIKE ${likePattern(fragment)} ESCAPE '\\' AND ${NOT_HIDDEN}`,
        ),
      );
      return new Set(rows.map((row) => Number(row.id)));
    },
  };
}
