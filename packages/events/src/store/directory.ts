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

export function storeUserDirectory(store: WikiStore, database: EventsDatabase): UserDirectory {
  return {
    standingByName: async (name) => standing(store, await store.users.byName(name)),
    standingById: async (id) => standing(store, await store.users.byId(id)),

    async visibility(ids) {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
      const result = new Map<number, UserVisibility>();
      if (unique.length === 0) return result;
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint; name: string }[]>(Prisma.sql`SELECT "id", "name" FROM "User" WHERE "id" IN (${Prisma.join(unique)})`),
      );
      // The store has no suppression (hidden accounts) yet: every existing account is visible.
      for (const row of rows) result.set(Number(row.id), { status: "visible", name: row.name });
      return result;
    },

    async usersWithNameContaining(fragment, limit) {
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint }[]>(
          Prisma.sql`SELECT "id" FROM "User" WHERE LOWER("name") LIKE ${likePattern(fragment)} ESCAPE '\\' LIMIT ${limit + 1}`,
        ),
      );
      return rows.length > limit ? null : rows.map((row) => Number(row.id));
    },

    async namesContaining(ids, fragment) {
      if (ids.length === 0) return new Set();
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint }[]>(
          Prisma.sql`SELECT "id" FROM "User" WHERE "id" IN (${Prisma.join([...ids])}) AND LOWER("name") LIKE ${likePattern(fragment)} ESCAPE '\\'`,
        ),
      );
      return new Set(rows.map((row) => Number(row.id)));
    },
  };
}
