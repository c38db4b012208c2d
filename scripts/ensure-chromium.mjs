// Makes sure Debian's Chromium is installed for the browser tests (PWA, sanitizer). Playwright's
// own browser download cannot work here (no network beyond the npm registry and Debian's
// packages), so the tests drive /usr/bin/chromium through playwright-core.
//
// Usage: `node scripts/ensure-chromium.mjs` prints the executable path, installing the `chromium`
// package with apt-get when it is missing and we are allowed to (root, apt-get present). Exit code
// 1 with a clear message when it cannot be installed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/** Returns the Chromium executable path, installing Debian's package first when needed. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = isRoot ? [] : ["sudo", "-n"];
  const apt = (...args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), "apt-get", ...args]) : run("apt-get", args));
  console.error("ensure-chromium: installing Debian's chromium package (once per machine)...");
  // A fresh machine may have empty package lists; a failed install is retried after an update.
  if (!apt("install", "-y", "--no-install-recommends", "chromium")) {
    apt("update");
    apt("install", "-y", "--no-install-recommends", "chromium");
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH} and apt-get could not install it`);
  }
  return CHROMIUM_PATH;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`ensure-chromium: ${error.message}`);
    process.exit(1);
  }
}
