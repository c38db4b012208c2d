// Brings generated artefacts up to date before anything runs: the wasm tokenizer and the Prisma
// client. Each step is a script owned by its package that returns quickly when nothing is stale,
// so this runs after every install, before tests and before start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const steps = [
  "wasm/build.mjs",
  "packages/wiki/scripts/generate.mjs",
  "packages/events/scripts/generate.mjs",
];

for (const step of steps) {
  const file = path.join(root, step);
  if (!existsSync(file)) continue;
  const result = spawnSync(process.execPath, [file], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`prepare: ${step} failed`);
    process.exit(result.status ?? 1);
  }
}
