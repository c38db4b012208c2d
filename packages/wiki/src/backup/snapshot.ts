/**
 * Online backup and offline restore of the embedded SQLite database. Backups go through SQLite's
 * backup API, which copies a consistent snapshot page by page while other connections (a running
 * server) keep reading and writing. Restores replace the file by rename, so a reader sees either
 * the old database or the restored one, never a half-written file.
 */
import Database from "better-sqlite3";
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

export interface SnapshotInfo {
  file: string;
  bytes: number;
  /** Tables in the snapshot, with their row counts: what a person checks before trusting it. */
  tables: Record<string, number>;
}

/** The database is open in another process (a running server) and the caller did not force. */
export class DatabaseInUseError extends Error {
  constructor(readonly databaseFile: string) {
    super(`${databaseFile} is in use by another process (is the server running?); stop it first or pass --force`);
    this.name = "DatabaseInUseError";
  }
}

/** A file that is not a usable SQLite database of this platform. */
export class InvalidSnapshotError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a usable backup: ${reason}`);
    this.name = "InvalidSnapshotError";
  }
}

function fsyncFile(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  // Makes a rename durable; some file systems refuse to open a directory, which is harmless here.
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}

/** Checks a database file's integrity and that it holds the store's schema; returns its table sizes. */
export function inspectSnapshot(file: string): Record<string, number> {
  if (!existsSync(file)) throw new InvalidSnapshotError(file, "no such file");
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new InvalidSnapshotError(file, String((error as Error).message));
  }
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new InvalidSnapshotError(file, `integrity check says ${String(check)}`);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    if (!names.includes("_prisma_migrations")) throw new InvalidSnapshotError(file, "it has no migrations table");
    const tables: Record<string, number> = {};
    for (const name of names) {
      // FTS5 shadow tables and virtual tables count like any other; the name comes from sqlite_master.
      try {
        tables[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
      } catch {
        // A virtual table whose module is not loaded in this connection: listed without a count.
        tables[name] = -1;
      }
    }
    return tables;
  } catch (error) {
    if (error instanceof InvalidSnapshotError) throw error;
    throw new InvalidSnapshotError(file, String((error as Error).message));
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent snapshot of `databaseFile` to `outFile`, safe while a server is using the
 * database. The copy is written next to `outFile` first and renamed into place once it checks out,
 * so an interrupted backup never leaves a truncated file under the requested name.
 */
export async function backupDatabase(databaseFile: string, outFile: string): Promise<SnapshotInfo> {
  if (!existsSync(databaseFile)) throw new Error(`no database at ${databaseFile}`);
  const target = path.resolve(outFile);
  if (target === path.resolve(databaseFile)) throw new Error("the backup file cannot be the database itself");
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    await source.backup(partial);
  } finally {
    source.close();
  }
  try {
    // A backup is a plain rollback-journal file: one self-contained file, no -wal beside it.
    const copy = new Database(partial);
    copy.pragma("journal_mode = DELETE");
    copy.close();
    const tables = inspectSnapshot(partial);
    fsyncFile(partial);
    renameSync(partial, target);
    fsyncDir(path.dirname(target));
    return { file: target, bytes: statSync(target).size, tables };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Tries to take the database for this process alone. SQLite connections in WAL mode keep a shared
 * lock for as long as they are open, so failing here means another process (a server) has it open.
 * Returns the connection holding the lock, or null when the file does not exist yet.
 */
function lockExclusively(databaseFile: string): Database.Database | null {
  if (!existsSync(databaseFile)) return null;
  const db = new Database(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw new DatabaseInUseError(databaseFile);
    throw error;
  }
}

/** Whether another process has the database open right now. */
export function databaseInUse(databaseFile: string): boolean {
  try {
    lockExclusively(databaseFile)?.close();
    return false;
  } catch (error) {
    if (error instanceof DatabaseInUseError) return true;
    throw error;
  }
}

/**
 * Replaces `databaseFile` with the snapshot in `backupFile`. Refuses while another process has
 * the database open unless `force` is set (a forced restore under a running server leaves that
 * server on the old file until it restarts). The old database's write-ahead log is folded in and
 * removed first, so no stale log can be replayed onto the restored file.
 */
export async function restoreDatabase(backupFile: string, databaseFile: string, options: { force?: boolean } = {}): Promise<SnapshotInfo> {
  const tables = inspectSnapshot(backupFile);
  const target = path.resolve(databaseFile);
  const staged = `${target}.restore-${process.pid}`;
  rmSync(staged, { force: true });
  const from = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    await from.backup(staged);
  } finally {
    from.close();
  }
  try {
    fsyncFile(staged);
    let current: Database.Database | null = null;
    try {
      current = lockExclusively(target);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || !options.force) throw error;
    }
    if (current) {
      // Checkpoint and leave WAL mode: the -wal and -shm files go away with the old contents.
      current.pragma("wal_checkpoint(TRUNCATE)");
      current.pragma("journal_mode = DELETE");
      current.close();
    }
    // Leftover log and index files belong to the old contents (a forced restore past a live
    // server, or a -shm SQLite keeps after the last close): none may sit beside the new file.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(staged, target);
    fsyncDir(path.dirname(target));
    return { file: target, bytes: statSync(target).size, tables };
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }
}
