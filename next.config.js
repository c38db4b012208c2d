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
  serverExternalPackages: ["better-sqlite3", "@prisma/client", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg"],
  outputFileTracingRoot: root,
  // Types are checked for the whole repository by `npm run typecheck` (CI runs it), not per build.
  typescript: { ignoreBuildErrors: true },
  // The packages use ESM-style ".js" specifiers for their ".ts" sources (as tsc and Node expect).
  // Turbopack cannot map those yet, so the app is built with webpack (`next build --webpack`).
  webpack(webpackConfig) {
    webpackConfig.resolve.extensionAlias = { ".js": [".ts", ".tsx", ".js"], ".mjs": [".mts", ".mjs"] };
    return webpackConfig;
  },
};

export default config;
