// Code generation shared by every package that owns a Prisma schema (the store, events). Called
// by each package's scripts/generate.mjs, itself run by scripts/prepare.mjs after install and
// before tests and start, so each step returns at once when its output is current:
//
//  1. src/generated/prisma      the SQLite client, from prisma/schema.prisma;
//  2. src/generated/postgres/schema.prisma
//                               the same models with a PostgreSQL datasource, derived (never
//                               hand-maintained) from prisma/schema.prisma;
//  3. src/generated/prisma-pg   the PostgreSQL client, from that derived schema;
//  4. prisma/postgres/migrations/<name>/migration.sql (+ schema.prisma, the models it leads to)
//                               committed PostgreSQL migrations. When the models differ from the
//                               newest snapshot, a new one is written by `prisma migrate diff`
//                               between the two (its JS schema engine needs a live server, so
//                               a throwaway one is started: scripts/ensure-postgres.mjs);
//  5. src/generated/migrations.ts  both providers' migration scripts embedded as strings, so the
//                               run-time migrator needs no file layout (bundlers move modules).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

function prismaCli(packageDir) {
  return createRequire(path.join(packageDir, "package.json")).resolve("prisma/build/index.js");
}

function runPrisma(packageDir, args, label) {
  const result = spawnSync(process.execPath, [prismaCli(packageDir), ...args], { cwd: packageDir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${label}: prisma ${args[0]} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Folders holding a migration.sql, in name (= time) order. */
function migrationFolders(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

const DATASOURCE = /datasource\s+db\s*\{[^}]*\}/;
const GENERATOR_OUTPUT = /(generator\s+client\s*\{[^}]*?output\s*=\s*)"[^"]*"/;

/**
 * The PostgreSQL twin of a SQLite schema: same generator and models, other datasource and client
 * folder. The models are portable by rule (Prisma scalar types only), so nothing else changes.
 */
export function derivePostgresSchema(sqliteSchema, clientOutput) {
  if (!DATASOURCE.test(sqliteSchema) || !GENERATOR_OUTPUT.test(sqliteSchema)) throw new Error("schema has no datasource db or generator output");
  const datasource = [
    "datasource db {",
    '  provider = "postgresql"',
    "  // Read only by the Prisma CLI; at run time the store connects to DATABASE_URL itself.",
    '  url      = "postgresql://localhost/wikiloom"',
    "}",
  ].join("\n");
  const body = sqliteSchema.replace(DATASOURCE, datasource).replace(GENERATOR_OUTPUT, `$1${JSON.stringify(clientOutput)}`);
  return `// Generated from prisma/schema.prisma by packages/wiki/scripts/prisma-codegen.mjs. Do not edit.\n${body}`;
}

/** The schema without comments, blank lines, datasource and generator: what a migration depends on. */
export function modelsOnly(schema) {
  return schema
    .replace(/datasource\s+db\s*\{[^}]*\}/, "")
    .replace(/generator\s+\w+\s*\{[^}]*\}/, "")
    .split("\n")
    .map((line) => line.replace(/\/\/.*$/, "").trimEnd())
    .filter((line) => line.trim() !== "")
    .join("\n");
}

function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}

/**
 * Writes the next PostgreSQL migration: the SQL that turns the newest snapshot's models (or an
 * empty database) into `derivedSchema`'s. Named like the newest SQLite migration, so the two
 * histories line up by name.
 */
async function writePostgresMigration({ packageDir, label, derivedSchemaFile, pgMigrationsDir, sqliteMigrationsDir }) {
  const existing = migrationFolders(pgMigrationsDir);
  const previous = existing.at(-1);
  // The first one creates everything at once: "<stamp of the newest SQLite migration>_init".
  const newestSqlite = migrationFolders(sqliteMigrationsDir).at(-1) ?? "00000000000000_init";
  const baseName = previous ? newestSqlite : `${newestSqlite.slice(0, 14)}_init`;
  let name = baseName;
  for (let n = 2; existing.includes(name); n++) name = `${baseName}_${n}`;

  const { startPostgres } = await import(pathToFileURL(path.join(repoRoot, "scripts", "ensure-postgres.mjs")).href);
  const server = await startPostgres({ database: "codegen", log: () => {} });
  const work = mkdtempSync(path.join(tmpdir(), "wikiloom-codegen-"));
  try {
    // The CLI's JS schema engine runs over a driver adapter named in a config file.
    const adapterPg = pathToFileURL(createRequire(path.join(packageDir, "package.json")).resolve("@prisma/adapter-pg")).href;
    const config = path.join(work, "prisma.config.mjs");
    writeFileSync(
      config,
      [
        `import { PrismaPg } from ${JSON.stringify(adapterPg)};`,
        "export default {",
        `  schema: ${JSON.stringify(derivedSchemaFile)},`,
        '  engine: "js",',
        "  experimental: { adapter: true },",
        `  adapter: async () => new PrismaPg({ connectionString: ${JSON.stringify(server.url)} }),`,
        "};",
        "",
      ].join("\n"),
    );
    const from = previous ? ["--from-schema-datamodel", path.join(pgMigrationsDir, previous, "schema.prisma")] : ["--from-empty"];
    const sql = runPrisma(packageDir, ["migrate", "diff", "--config", config, ...from, "--to-schema-datamodel", derivedSchemaFile, "--script"], label);
    const folder = path.join(pgMigrationsDir, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "migration.sql"), sql);
    writeFileSync(path.join(folder, "schema.prisma"), readFileSync(derivedSchemaFile, "utf8"));
    writeIfChanged(path.join(pgMigrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');
    console.log(`${label}: wrote the PostgreSQL migration prisma/postgres/migrations/${name} (commit it)`);
  } finally {
    server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function embed(dir, names) {
  return names.map((name) => {
    const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
    // Prisma's _prisma_migrations.checksum is the hex SHA-256 of the script.
    const checksum = createHash("sha256").update(sql).digest("hex");
    return `  { name: ${JSON.stringify(name)}, checksum: ${JSON.stringify(checksum)}, sql: ${JSON.stringify(sql)} },`;
  });
}

/**
 * Brings a package's generated Prisma code up to date.
 * `migrationType` is how the generated module names the EmbeddedMigration type: a local
 * declaration for the store, an import from @wikiloom/wiki elsewhere.
 */
export async function generatePrismaCode({ packageDir, label, migrationType }) {
  const schemaFile = path.join(packageDir, "prisma", "schema.prisma");
  const sqliteMigrationsDir = path.join(packageDir, "prisma", "migrations");
  const pgMigrationsDir = path.join(packageDir, "prisma", "postgres", "migrations");
  const generatedDir = path.join(packageDir, "src", "generated");
  const derivedSchemaFile = path.join(generatedDir, "postgres", "schema.prisma");
  const migrationsModule = path.join(generatedDir, "migrations.ts");

  if (mtime(path.join(generatedDir, "prisma", "client.ts")) < mtime(schemaFile)) {
    runPrisma(packageDir, ["generate", "--schema", schemaFile], label);
    console.log(`${label}: generated the SQLite Prisma client`);
  }

  // Output is relative to the derived schema's folder (src/generated/postgres).
  const derived = derivePostgresSchema(readFileSync(schemaFile, "utf8"), "../prisma-pg");
  writeIfChanged(derivedSchemaFile, derived);
  if (mtime(path.join(generatedDir, "prisma-pg", "client.ts")) < mtime(derivedSchemaFile)) {
    runPrisma(packageDir, ["generate", "--schema", derivedSchemaFile], label);
    console.log(`${label}: generated the PostgreSQL Prisma client`);
  }

  const newestPg = migrationFolders(pgMigrationsDir).at(-1);
  const snapshot = newestPg ? readFileSync(path.join(pgMigrationsDir, newestPg, "schema.prisma"), "utf8") : null;
  if (snapshot === null || modelsOnly(snapshot) !== modelsOnly(derived)) {
    await writePostgresMigration({ packageDir, label, derivedSchemaFile, pgMigrationsDir, sqliteMigrationsDir });
  }

  const sqliteNames = migrationFolders(sqliteMigrationsDir);
  const pgNames = migrationFolders(pgMigrationsDir);
  const newest = Math.max(
    mtime(sqliteMigrationsDir),
    mtime(pgMigrationsDir),
    ...sqliteNames.map((name) => mtime(path.join(sqliteMigrationsDir, name, "migration.sql"))),
    ...pgNames.map((name) => mtime(path.join(pgMigrationsDir, name, "migration.sql"))),
  );
  if (mtime(migrationsModule) < newest) {
    const source = [
      `// Generated by ${label}'s scripts/generate.mjs from prisma/migrations and prisma/postgres/migrations. Do not edit.`,
      migrationType,
      "/** SQLite migrations (prisma/migrations). */",
      "export const migrations: EmbeddedMigration[] = [",
      ...embed(sqliteMigrationsDir, sqliteNames),
      "];",
      "/** PostgreSQL migrations (prisma/postgres/migrations), derived from the same models. */",
      "export const postgresMigrations: EmbeddedMigration[] = [",
      ...embed(pgMigrationsDir, pgNames),
      "];",
      "",
    ].join("\n");
    mkdirSync(generatedDir, { recursive: true });
    writeFileSync(migrationsModule, source);
    console.log(`${label}: embedded ${sqliteNames.length} SQLite and ${pgNames.length} PostgreSQL migration(s)`);
  }
}
