// Prisma CLI configuration for the events schema (generate; migrate diff to write new migration
// scripts). The JS schema engine over better-sqlite3 is used because the native engines would be
// downloaded from outside the npm registry. New migrations are written with
//   npx prisma migrate diff --from-migrations prisma/migrations --to-schema-datamodel prisma/schema.prisma --script
// and applied at run time by the store's migrator (src/db/database.ts), never by the CLI.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

export default defineConfig({
  schema: path.join(import.meta.dirname, "prisma", "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => new PrismaBetterSQLite3({ url: `file:${path.join(import.meta.dirname, "prisma", "dev.db")}` }),
});
