import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process id (for sampling its memory). */
  pid: number;
  output(): string;
  /** Kills the process at once (SIGKILL) and waits for it to exit; the data directory stays. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Serve this existing data directory (kept on stop) instead of a fresh temporary one. */
  dataDir?: string;
  /** Node command-line flags for the server process (V8 flags NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
}

/** Asks the OS for a free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts the built Next.js server (`next start`) on a free 127.0.0.1 port with its own fresh data
 * directory, and waits until it answers.
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "wikiloom-e2e-"));
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      cwd: path.join(root, "apps/web"),
      env: { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/w/api.php?action=query&meta=siteinfo&format=json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
