// Builds the Next.js app when its build is missing or older than any source it is made from.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const buildMarker = path.join(root, "apps/web/.next/BUILD_ID");
// The PWA (packages/client) is built into apps/web/public before Next builds and serves it.
const pwaShell = path.join(root, "apps/web/public/index.html");
const SOURCES = ["apps/web", "packages", "wasm/src", "wasm/build", "next.config.js", "package-lock.json"];
const SKIP = new Set(["node_modules", ".next", "test", ".data"]);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (SKIP.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(buildMarker) || !existsSync(pwaShell)) return true;
  const built = statSync(buildMarker).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** How long to wait for another `next build` of this checkout (Next refuses to run two). */
const CONCURRENT_BUILD_WAIT_MS = 15 * 60 * 1000;

export function buildWeb({ force = false } = {}) {
  const waitUntil = Date.now() + CONCURRENT_BUILD_WAIT_MS;
  let clientBuilt = false;
  for (;;) {
    if (!force && !webBuildIsStale()) return;
    if (!clientBuilt) {
      console.log("Building the PWA (packages/client)…");
      const client = spawnSync(process.execPath, [path.join(root, "packages/client/scripts/build.mjs")], { cwd: root, stdio: "inherit" });
      if (client.status !== 0) throw new Error(`client build failed with status ${client.status}`);
      clientBuilt = true;
    }
    console.log("Building the web app (next build)…");
    const nextBin = path.join(root, "node_modules/next/dist/bin/next");
    const result = spawnSync(process.execPath, [nextBin, "build", "--webpack"], {
      cwd: path.join(root, "apps/web"),
      stdio: ["ignore", "inherit", "pipe"],
      encoding: "utf8",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    process.stderr.write(result.stderr ?? "");
    if (result.status === 0) return;
    // Test runs started side by side each find the build stale: wait for the other build, then
    // check again (it usually leaves nothing to do).
    if (/Another next build process is already running/.test(result.stderr ?? "") && Date.now() < waitUntil) {
      console.log("Another next build is running; waiting for it…");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000);
      force = false;
      continue;
    }
    throw new Error(`next build failed with status ${result.status}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWeb({ force: process.argv.includes("--force") });
}
