/** Creates the Prisma client for one SQLite file, over the better-sqlite3 driver adapter. */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client";
import { CONNECTION_PRAGMAS } from "./sqlite";

export type Db = PrismaClient;
/** The client handed to an interactive transaction's callback. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function connect(file: string): Promise<Db> {
  const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 }) });
  await prisma.$connect();
  for (const pragma of CONNECTION_PRAGMAS) await prisma.$executeRawUnsafe(pragma);
  return prisma;
}
