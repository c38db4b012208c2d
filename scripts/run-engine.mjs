// Runs a TypeScript entry point (a benchmark, the profiler) under the engine's V8 flags, so that
// what is measured runs the way the server does.
import { spawnSync } from "node:child_process";
import { ENGINE_V8_FLAGS } from "./node-flags.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node scripts/run-engine.mjs <script.ts> [args...]");
  process.exit(2);
}
const result = spawnSync(process.execPath, [...ENGINE_V8_FLAGS, "--import", "tsx", script, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
