/**
 * An in-process platform for the robustness and security tests: a fresh store in a temporary
 * folder, the whole platform handler over it (every route, as the server registers them), and
 * an Admin logged in. Small limits so that "huge body" cases stay cheap.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createPlatformHandler, RemoteWikis, type Handler } from "../../../packages/http/src/index.js";
import { EventsTestClient, type Transport } from "./world.js";

export const ORIGIN = "http://127.0.0.1:3000";

export interface TestPlatform {
  handler: Handler;
  transport: Transport;
  store: WikiStore;
  admin: EventsTestClient;
  adminPassword: string;
  /** Every structured log entry, serialized, in order. */
  logs: string[];
  limits: { maxBodyBytes: number; maxWikitextBytes: number; maxHtmlBytes: number };
  close(): Promise<void>;
}

export async function openTestPlatform(options: { remoteWikis?: Record<string, string>; adminPassword?: string } = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-robust-"));
  const adminPassword = options.adminPassword ?? "robustness-admin-password";
  // The seed reads the admin password from the environment on first open only.
  const previous = process.env.ADMIN_PASSWORD;
  process.env.ADMIN_PASSWORD = adminPassword;
  const store = await openStore({ dataDir });
  if (previous === undefined) delete process.env.ADMIN_PASSWORD;
  else process.env.ADMIN_PASSWORD = previous;
  const logs: string[] = [];
  const limits = { maxBodyBytes: 256 * 1024, maxWikitextBytes: 64 * 1024, maxHtmlBytes: 64 * 1024 };
  const handler = createPlatformHandler(
    { store, secret: "robustness-secret", maxBodyBytes: limits.maxBodyBytes, log: (entry) => logs.push(JSON.stringify(entry)) },
    {
      conversionLimits: { maxWikitextBytes: limits.maxWikitextBytes, maxHtmlBytes: limits.maxHtmlBytes },
      remoteWikis: new RemoteWikis({ wikis: options.remoteWikis ?? {}, timeoutMs: 2_000 }),
    },
  );
  const transport: Transport = (request) => handler(request);
  const admin = new EventsTestClient(transport, ORIGIN);
  await admin.login("Admin", adminPassword);
  return {
    handler,
    transport,
    store,
    admin,
    adminPassword,
    logs,
    limits,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
