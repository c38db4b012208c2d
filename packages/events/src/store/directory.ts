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

/** Escapes LIKE wildcards so a filter matches literally. (LOWER() and the filter both fold ASCII only.) */
function likeLiteral(fragment: string): string {
  return fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
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

    async idsWithNameContaining(fragment) {
      const rows = await database.read((db) =>
        db.$queryRaw<{ id: number | bigint }[]>(
          Prisma.sql`SELECT "id" FROM "User" WHERE LOWER("name") LIKE ${`%${likeLiteral(fragment.replace(/[A-Z]/g, (c) => c.toLowerCase()))}%`} ESCAPE '\\'`,
        ),
      );
      return rows.map((row) => Number(row.id));
    },
  };
}
