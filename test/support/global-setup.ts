// Builds the Next.js app once before the test files that start it (skipped when up to date).
import { createRequire } from "node:module";

export default async function setup(): Promise<void> {
  const require = createRequire(import.meta.url);
  const { buildWeb } = require("../../scripts/web-build.mjs") as { buildWeb: () => void };
  buildWeb();
}
