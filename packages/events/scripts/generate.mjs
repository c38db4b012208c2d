// Keeps the events package's generated code current (Prisma clients for SQLite and PostgreSQL,
// the derived PostgreSQL schema and migrations, the embedded migration scripts) with the code
// generation the store uses (packages/wiki/scripts/prisma-codegen.mjs). Run by
// scripts/prepare.mjs after install and before tests and start; returns at once when current.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatePrismaCode } from "../../wiki/scripts/prisma-codegen.mjs";

await generatePrismaCode({
  packageDir: path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  label: "events",
  migrationType: 'import type { EmbeddedMigration } from "@wikiloom/wiki";',
});
