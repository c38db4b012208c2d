/** Creates the store's Prisma client on its database (SQLite file or PostgreSQL). */
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma-pg/client";
import { connectPrisma } from "./connection";
import type { DatabaseLocation } from "./location";

export type Db = PrismaClient;
/** The client handed to an interactive transaction's callback. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export function connect(location: DatabaseLocation): Promise<Db> {
  return connectPrisma(location, {
    sqlite: (adapter) => new PrismaClient({ adapter }),
    postgres: (adapter) => new PostgresPrismaClient({ adapter }),
  });
}
