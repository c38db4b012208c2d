// The Next.js configuration of apps/web (which re-exports this file): Next reads its config from
// the folder it builds, and the design card keeps the real one at the repository root.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('next').NextConfig} */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Workspace packages ship TypeScript sources.
  transpilePackages: ["@wikiloom/http", "@wikiloom/wiki", "@wikiloom/wikitext", "@wikiloom/wasm"],
  // Native and runtime-loaded modules stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/client", "@prisma/adapter-better-sqlite3"],
  outputFileTracingRoot: root,
  turbopack: { root },
  typescript: { tsconfigPath: "tsconfig.json" },
};

export default config;
