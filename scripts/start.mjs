// `npm start`: prepares generated code, builds the web app if stale, creates/migrates/seeds the
// embedded database under .data/ (printing the admin password the first time), then serves on
// HOST:PORT (default 127.0.0.1:3000).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { buildWeb, root } from "./web-build.mjs";
import { ENGINE_V8_FLAGS, engineNodeOptions } from "./node-flags.mjs";

const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
const nodeOptions = engineNodeOptions();
const env = { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: nodeOptions };

function run(args, options = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run([path.join(root, "scripts/prepare.mjs")]);
buildWeb();
run([path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/init-data.ts")]);

const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const server = spawn(process.execPath, [...ENGINE_V8_FLAGS, nextBin, "start", "-H", host, "-p", port], {
  cwd: path.join(root, "apps/web"),
  stdio: "inherit",
  env,
});
console.log(`Wikiloom: http://${host}:${port}/`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
