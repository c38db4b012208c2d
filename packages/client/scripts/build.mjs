// Builds the PWA into static files that the Next.js app serves (apps/web/public):
//   index.html, manifest.webmanifest, sw.js       (the shell, the manifest, the service worker at /)
//   pwa/app.js, pwa/worker.js, pwa/app.css        (esbuild bundles of the UI and the conversion worker)
//   pwa/harness.js                                (drives workers from browser tests and the benchmark)
//   pwa/tokenizer.wasm                            (the server's own wasm, copied as its own asset)
//   pwa/icons/icon-192.png, icon-512.png          (generated)
// The service worker is bundled by esbuild, then workbox injectManifest writes the precache list
// (shell, bundles, wasm, icons) with content revisions, so a new deployment installs a new worker.
import { build } from "esbuild";
import { injectManifest } from "workbox-build";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { iconPng, BRAND_COLOUR } from "./icons.mjs";

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.resolve(packageDir, "../..");
const src = path.join(packageDir, "src");
export const publicDir = process.env.PWA_OUT_DIR ?? path.join(root, "apps/web/public");
const tokenizerWasm = path.join(root, "wasm/build/tokenizer.wasm");

const common = {
  bundle: true,
  minify: true,
  sourcemap: true,
  target: "es2022",
  logLevel: "warning",
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
};

function manifest() {
  return {
    name: "Wikiloom",
    short_name: "Wikiloom",
    description: "Read, edit and search the wiki, and join its events, online or offline.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: BRAND_COLOUR,
    icons: [192, 512].map((size) => ({ src: `/pwa/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
  };
}

/** What the build writes at the top of the public folder, in publishing order (the service worker last). */
const PUBLISHED = ["pwa", "manifest.webmanifest", "index.html", "sw.js"];

/**
 * Builds into a staging folder next to public/ and then moves the results in, so a server or a
 * second build running meanwhile never sees a half-written app.
 * `plugins`: extra esbuild plugins for the app and worker bundles (e.g. to substitute a module in an experiment).
 */
export async function buildClient({ plugins = [] } = {}) {
  const started = Date.now();
  const stage = path.join(path.dirname(publicDir), `.pwa-staging-${process.pid}`);
  rmSync(stage, { recursive: true, force: true });
  try {
    const { count, size } = await buildInto(stage, plugins);
    publish(stage);
    console.log(`client build: ${count} precached files (${Math.round(size / 1024)} KiB) in ${Date.now() - started} ms → ${path.relative(root, publicDir)}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

async function buildInto(outDir, plugins) {
  const assets = path.join(outDir, "pwa");
  mkdirSync(path.join(assets, "icons"), { recursive: true });
  await Promise.all([
    build({ ...common, entryPoints: { app: path.join(src, "app/main.tsx") }, outdir: assets, format: "esm", jsx: "automatic", jsxImportSource: "preact", plugins }),
    build({ ...common, entryPoints: { worker: path.join(src, "worker/main.ts") }, outdir: assets, format: "esm", plugins }),
    // Not part of the app: what browser tests and the benchmark import to drive workers directly.
    build({ ...common, entryPoints: { harness: path.join(src, "harness/conversion-harness.ts") }, outdir: assets, format: "esm" }),
  ]);
  copyFileSync(tokenizerWasm, path.join(assets, "tokenizer.wasm"));
  copyFileSync(path.join(src, "shell/app.css"), path.join(assets, "app.css"));
  for (const size of [192, 512]) writeFileSync(path.join(assets, `icons/icon-${size}.png`), iconPng(size));
  writeFileSync(path.join(outDir, "manifest.webmanifest"), JSON.stringify(manifest(), null, 2));
  writeFileSync(path.join(outDir, "index.html"), readFileSync(path.join(src, "shell/index.html"), "utf8").replace("%THEME%", BRAND_COLOUR));

  // The service worker: bundled to a temporary file, then the precache manifest injected.
  const swSource = path.join(outDir, "sw.src.js");
  await build({ ...common, sourcemap: false, entryPoints: [path.join(src, "sw/service-worker.ts")], outfile: swSource, format: "iife" });
  const { count, size, warnings } = await injectManifest({
    swSrc: swSource,
    swDest: path.join(outDir, "sw.js"),
    globDirectory: outDir,
    globPatterns: ["index.html", "manifest.webmanifest", "pwa/*.{js,css,wasm}", "pwa/icons/*.png"],
    globIgnores: ["pwa/harness.js"],
    // The worker bundle carries the whole engine: allow more than workbox's 2 MiB default.
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  });
  rmSync(swSource);
  for (const warning of warnings) console.warn(`client build: ${warning}`);
  return { count, size };
}

function publish(stage) {
  mkdirSync(publicDir, { recursive: true });
  for (const name of PUBLISHED) {
    const target = path.join(publicDir, name);
    const old = `${target}.old-${process.pid}`;
    if (existsSync(target)) renameSync(target, old);
    renameSync(path.join(stage, name), target);
    rmSync(old, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildClient();
}
