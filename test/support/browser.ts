import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { ensureChromium } from "../../scripts/ensure-chromium.mjs";

/**
 * Flags for headless Debian Chromium on this kind of machine: without the background-networking
 * ones Chromium floods the closed network with connections that are refused.
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes the browser and removes its throwaway profile. */
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium (installed on demand) with a fresh user-data-dir, as a persistent
 * context so service workers and IndexedDB behave as in a real profile.
 */
export async function launchBrowser(options: BrowserContextOptions = {}): Promise<LaunchedBrowser> {
  const executablePath = ensureChromium();
  const userDataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    ...options,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
