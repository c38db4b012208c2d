// Configuration for the Prisma CLI (generate, migrate dev/deploy/diff) in this package.
// The schema engine runs as JavaScript over the better-sqlite3 adapter: Prisma 6.19's native
// engines would be downloaded from outside the npm registry, which this machine cannot reach.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";

const databaseFile = path.join(import.meta.dirname, "prisma", "dev.db");

/** True when `sql` holds more than one statement (a semicolon followed by more SQL). */
function isMultiStatement(sql: string): boolean {
  const end = sql.indexOf(";");
  return end >= 0 && sql.slice(end + 1).trim().length > 0;
}

/**
 * better-sqlite3 prepares one statement per call, while the schema engine sends whole migration
 * scripts through executeRaw/queryRaw when it replays them on the shadow database (P3006).
 * Scripts without parameters therefore go to executeScript, which runs them as a batch.
 */
function scriptAware(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const runsScript = (query: SqlQuery) => query.args.length === 0 && isMultiStatement(query.sql);
  return new Proxy(adapter, {
    get(target, key, receiver) {
      if (key === "executeRaw") {
        return async (query: SqlQuery) => (runsScript(query) ? (await target.executeScript(query.sql), 0) : target.executeRaw(query));
      }
      if (key === "queryRaw") {
        return async (query: SqlQuery) =>
          runsScript(query)
            ? (await target.executeScript(query.sql), { columnNames: [], columnTypes: [], rows: [] })
            : target.queryRaw(query);
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function migrationAdapter(): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaBetterSQLite3({ url: `file:${databaseFile}` });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => scriptAware(await factory.connect()),
    connectToShadowDb: async () => scriptAware(await factory.connectToShadowDb()),
  };
}

export default defineConfig({
  schema: path.join(import.meta.dirname, "prisma", "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => migrationAdapter(),
});
