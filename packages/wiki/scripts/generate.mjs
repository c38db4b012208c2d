// Brings the store's generated code up to date (Prisma clients for SQLite and PostgreSQL, the
// derived PostgreSQL schema and migrations, the embedded migration scripts); see
// prisma-codegen.mjs. Run by scripts/prepare.mjs after install and before tests and start.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatePrismaCode } from "./prisma-codegen.mjs";

await generatePrismaCode({
  packageDir: path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  label: "wiki",
  migrationType: "export interface EmbeddedMigration { name: string; checksum: string; sql: string }",
});
