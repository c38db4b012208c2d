/** Where the store keeps its files when the caller does not say. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

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
  databaseFile: string;
}

/**
 * Precedence: an explicit databaseFile; else an explicit dataDir's wikiloom.db; else DATABASE_URL
 * ("file:..." only — other providers are not wired to this store yet); else wikiloom.db in
 * DATA_DIR or <repo root>/.data. An explicit dataDir beats DATABASE_URL so that tests with their
 * own temporary folder never touch a database named by the environment.
 */
export function resolvePaths(options: { dataDir?: string; databaseFile?: string }, env: NodeJS.ProcessEnv = process.env): ResolvedPaths {
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(findRepoRoot() ?? process.cwd(), ".data"));
  if (options.databaseFile) return { dataDir, databaseFile: path.resolve(dataDir, options.databaseFile) };
  if (!options.dataDir && env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    if (!url.startsWith("file:")) {
      throw new Error(`DATABASE_URL must be a "file:" URL for the embedded SQLite store (got "${url.split(":")[0]}:...")`);
    }
    return { dataDir, databaseFile: path.resolve(url.slice("file:".length).replace(/\?.*$/, "")) };
  }
  return { dataDir, databaseFile: path.join(dataDir, "wikiloom.db") };
}
