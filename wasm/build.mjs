// Compiles the AssemblyScript tokenizer (wasm/assembly/**/*.ts) to wasm/build/tokenizer.wasm, but
// only when the output is missing or older than a source: prepare.mjs runs this before every
// test and start, so the up-to-date case must cost no more than a few stat calls.
import { readdirSync, statSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.join(here, "assembly");
const output = path.join(here, "build", "tokenizer.wasm");
const inputs = [path.join(here, "build.mjs"), ...listSources(sourceDir)];

function listSources(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSources(full));
    else if (entry.name.endsWith(".ts")) files.push(full);
  }
  return files;
}

function isStale() {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((file) => statSync(file).mtimeMs > built);
}

if (isStale() || process.argv.includes("--force")) {
  mkdirSync(path.dirname(output), { recursive: true });
  const { default: asc } = await import("assemblyscript/asc");
  const started = Date.now();
  const { error, stderr } = await asc.main([
    path.join(sourceDir, "index.ts"),
    "--outFile", output,
    "--bindings", "raw",
    "--runtime", "stub",
    "--optimizeLevel", "3",
    "--shrinkLevel", "0",
    "--noAssert",
    "--initialMemory", "2",
    "--use", "abort=",
  ]);
  if (error) {
    console.error(stderr.toString());
    console.error(`wasm: build failed: ${error.message}`);
    process.exit(1);
  }
  console.log(`wasm: built ${path.relative(process.cwd(), output)} in ${Date.now() - started} ms`);
}
