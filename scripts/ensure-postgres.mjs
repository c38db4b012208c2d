// A throwaway PostgreSQL server for tests and trials: the store, events and search suites run
// against it when DATABASE_URL names it (the `pg` project of vitest.config.ts).
//
// - findPostgres() locates initdb/pg_ctl/postgres (Debian puts them in /usr/lib/postgresql/<v>/bin,
//   not on PATH), installing Debian's `postgresql` package with apt-get when they are missing and
//   we may (root or password-less sudo).
// - startPostgres() runs initdb into a fresh temporary folder, starts the server on 127.0.0.1 on a
//   free port (its socket in that folder too, so it never meets a system cluster), and returns
//   the URL of a database plus stop(), which shuts the server down and removes the folder.
//
// Usage: `node scripts/ensure-postgres.mjs` starts one, prints `DATABASE_URL=...` and keeps it
// running until Ctrl-C; `node scripts/ensure-postgres.mjs --install` only finds or installs it.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BINARIES = ["initdb", "pg_ctl", "postgres", "createdb"];
/** The superuser initdb creates; tests connect as it over TCP with trust authentication. */
export const PG_USER = "wikiloom";

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function hasAll(dir) {
  return BINARIES.every((name) => existsSync(path.join(dir, name)));
}

/** Debian's versioned folders, newest first, then PATH. */
function candidateDirs() {
  const dirs = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) dirs.push(path.join(debian, version, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) dirs.push(dir);
  return dirs;
}

function findBinDir() {
  return candidateDirs().find(hasAll) ?? null;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}` };
}

function aptInstall() {
  const sudo = isRoot() ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (...args) => {
    const [command, ...rest] = [...sudo, "apt-get", ...args];
    return spawnSync(command, rest, { stdio: ["ignore", "inherit", "inherit"], env }).status === 0;
  };
  console.error("ensure-postgres: installing Debian's postgresql package (once per machine)...");
  // A fresh machine may have empty package lists: a failed install is retried after an update.
  if (!apt("install", "-y", "--no-install-recommends", "postgresql")) {
    apt("update");
    apt("install", "-y", "--no-install-recommends", "postgresql");
  }
}

/** The folder holding PostgreSQL's server binaries; installs them if needed. Throws when impossible. */
export function findPostgres({ install = true } = {}) {
  let dir = findBinDir();
  if (!dir && install && (isRoot() || run("sudo", ["-n", "true"]).ok) && run("apt-get", ["--version"]).ok) {
    aptInstall();
    dir = findBinDir();
  }
  if (!dir) throw new Error("PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found and could not be installed with apt-get");
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * initdb refuses to run as root, and the server must run as the data folder's owner: as root we
 * act as the `postgres` account (created by Debian's package) and hand it the folder.
 */
function runAsOwner(command, args, owner) {
  if (!owner) return run(command, args);
  return run("runuser", ["-u", owner.name, "--", command, ...args]);
}

function serverOwner() {
  if (!isRoot()) return null;
  const id = run("id", ["-u", "postgres"]);
  const gid = run("id", ["-g", "postgres"]);
  if (!id.ok || !gid.ok) throw new Error("running as root, but there is no `postgres` account to run PostgreSQL as");
  return { name: "postgres", uid: Number(id.output.trim()), gid: Number(gid.output.trim()) };
}

/**
 * Starts a private server. Settings trade durability for speed (no fsync, no synchronous
 * commit): the data is thrown away afterwards, and the tests exercise SQL, not crash safety.
 */
export async function startPostgres({ database = "wikiloom", log = (line) => console.error(line) } = {}) {
  const bin = findPostgres();
  const owner = serverOwner();
  const root = mkdtempSync(path.join(tmpdir(), "wikiloom-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  if (owner) chownSync(root, owner.uid, owner.gid);
  const fail = (what, output) => {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`ensure-postgres: ${what} failed:\n${output}`);
  };

  const init = runAsOwner(path.join(bin, "initdb"), ["-D", dataDir, "-U", PG_USER, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"], owner);
  if (!init.ok) fail("initdb", init.output);

  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${root}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = runAsOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"], owner);
  if (!start.ok) fail("pg_ctl start", `${start.output}\n${existsSync(logFile) ? run("cat", [logFile]).output : ""}`);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    runAsOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"], owner);
    rmSync(root, { recursive: true, force: true });
  };
  // A run that ends without calling stop() (a crash, an interrupted test run) leaves no server behind.
  process.once("exit", stop);
  const created = run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", PG_USER, database]);
  if (!created.ok) {
    stop();
    throw new Error(`ensure-postgres: createdb failed:\n${created.output}`);
  }
  const serverUrl = `postgresql://${PG_USER}@127.0.0.1:${port}`;
  log(`ensure-postgres: PostgreSQL (${bin}) on 127.0.0.1:${port}, data in ${root}`);
  return { url: `${serverUrl}/${database}`, serverUrl, port, root, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes("--install")) {
      console.log(findPostgres());
    } else {
      const server = await startPostgres();
      console.log(`DATABASE_URL=${server.url}`);
      const finish = () => {
        server.stop();
        process.exit(0);
      };
      process.on("SIGINT", finish);
      process.on("SIGTERM", finish);
      // Keep the event loop alive until a signal arrives.
      setInterval(() => {}, 1 << 30);
    }
  } catch (error) {
    console.error(`ensure-postgres: ${error.message}`);
    process.exit(1);
  }
}

