// `npm run backup` / `npm run restore` against a running server's data directory: an online
// snapshot while the server serves, a restore that refuses while the server has the database
// open, and after the restore the server comes back with the backed-up data.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EventsTestClient, type Transport } from "../../packages/http/test/events/support/rest-client.js";
import { startServer, type RunningServer } from "../support/server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ADMIN_PASSWORD = "e2e-backup-admin-password";
const transport: Transport = (request) => fetch(request, { redirect: "manual" });
const dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-backup-"));
const backupFile = path.join(mkdtempSync(path.join(tmpdir(), "wikiloom-backup-out-")), "snapshot.db");
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(backupFile), { recursive: true, force: true });
});

/** Runs one of the package scripts the way `npm run backup|restore -- ...` does. */
function runScript(script: "backup" | "restore", args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, `scripts/${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function pageText(client: EventsTestClient, title: string): Promise<string | null> {
  const answer = await client.action({ action: "query", prop: "revisions", titles: title, rvprop: "content", rvslots: "main" });
  const page = answer.query.pages[0];
  return page.missing ? null : page.revisions[0].slots.main.content;
}

async function edit(client: EventsTestClient, title: string, text: string): Promise<void> {
  const answer = await client.action({ action: "edit", title, text, token: await client.token() }, "POST");
  expect(answer.edit?.result, JSON.stringify(answer)).toBe("Success");
}

describe("backup and restore", () => {
  it("snapshots a running server, refuses to restore under it, and restores once it is stopped", async () => {
    server = await startServer({ ADMIN_PASSWORD }, { dataDir });
    let admin = new EventsTestClient(transport, server.url);
    await admin.login("Admin", ADMIN_PASSWORD);
    await edit(admin, "Backup probe", "state before the backup");

    // Writes keep going while the snapshot is taken: the backup must still be consistent.
    const concurrent = (async () => {
      for (let i = 0; i < 10; i++) await edit(admin, `Backup concurrent ${i}`, `written during the backup ${i}`);
    })();
    const backup = runScript("backup", ["--out", backupFile]);
    await concurrent;
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/integrity ok/);

    await edit(admin, "Backup probe", "state after the backup");
    await edit(admin, "Backup later page", "created after the backup");

    const refused = runScript("restore", [backupFile]);
    expect(refused.status, refused.output).toBe(3);
    expect(refused.output).toMatch(/in use/);
    expect(await pageText(admin, "Backup probe")).toBe("state after the backup");

    await server.stop();
    server = undefined;
    const restored = runScript("restore", [backupFile]);
    expect(restored.status, restored.output).toBe(0);

    server = await startServer({ ADMIN_PASSWORD }, { dataDir });
    admin = new EventsTestClient(transport, server.url);
    await admin.login("Admin", ADMIN_PASSWORD);
    expect(await pageText(admin, "Backup probe")).toBe("state before the backup");
    expect(await pageText(admin, "Backup later page")).toBeNull();
    // The server writes to the restored database as usual.
    await edit(admin, "Backup probe", "state after the restore");
    expect(await pageText(admin, "Backup probe")).toBe("state after the restore");
  }, 180_000);

  it("rejects a file that is not a backup and leaves the database alone", () => {
    const bogus = path.join(path.dirname(backupFile), "not-a-backup.db");
    const wrote = spawnSync("sh", ["-c", `printf 'definitely not sqlite' > '${bogus}'`]);
    expect(wrote.status).toBe(0);
    const answer = runScript("restore", [bogus]);
    expect(answer.status).toBe(1);
    expect(answer.output).toMatch(/not a usable backup/);
  });
});
