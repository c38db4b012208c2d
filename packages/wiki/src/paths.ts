/** Where the store keeps its files when the caller does not say. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isPostgresUrl, type DatabaseLocation } from "./db/location";

/** The monorepo's root: the nearest folder above `start` whose package.json declares workspaces. */
export function findRepoRoot(start: string = process.cwd()): string | null {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, "utf8")).workspaces) return dir;
      } catch {
        // An unreadable manifest is not the root; keep climbing.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export interface ResolvedPaths {
  dataDir: string;
  /** The SQLite file (where it would be, when the database is PostgreSQL). */
  databaseFile: string;
  /** Where the data really lives. */
  database: DatabaseLocation;
}

/**
 * Precedence: an explicit databaseFile; else a PostgreSQL DATABASE_URL ("postgres://" or
 * "postgresql://"), whatever the dataDir, because the data then lives on the server and the data
 * folder only holds local files; else an explicit dataDir's wikiloom.db; else a "file:"
 * DATABASE_URL; else wikiloom.db in DATA_DIR or <repo root>/.data. An explicit dataDir beats a
 * "file:" DATABASE_URL so that tests with their own temporary folder never touch a database file
 * named by the environment.
 */
export function resolvePaths(options: { dataDir?: string; databaseFile?: string }, env: NodeJS.ProcessEnv = process.env): ResolvedPaths {
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(findRepoRoot() ?? process.cwd(), ".data"));
  const sqlite = (file: string): ResolvedPaths => ({ dataDir, databaseFile: file, database: { kind: "sqlite", file } });
  if (options.databaseFile) return sqlite(path.resolve(dataDir, options.databaseFile));
  const url = env.DATABASE_URL;
  if (url && isPostgresUrl(url)) return { dataDir, databaseFile: path.join(dataDir, "wikiloom.db"), database: { kind: "postgres", url } };
  if (!options.dataDir && url) {
    if (!url.startsWith("file:")) {
      throw new Error(`DATABASE_URL must be a "file:" URL (SQLite) or a "postgresql:" URL (got "${url.split(":")[0]}:...")`);
    }
    return sqlite(path.resolve(url.slice("file:".length).replace(/\?.*$/, "")));
  }
  return sqlite(path.join(dataDir, "wikiloom.db"));
}
