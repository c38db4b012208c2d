import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createPlatformHandler, parseRemoteWikis, RemoteWikis, type Handler } from "../src/index.js";
import { TestApiClient } from "./support/api-client.js";
import { serveOnLoopback } from "./support/node-server.js";

// Two platform instances: "remote" serves its wiki over real HTTP on a loopback port; "local"
// is configured to serve that wiki's domain through the remote action API.
const dirs: string[] = [];
const stores: WikiStore[] = [];
let remote: Awaited<ReturnType<typeof serveOnLoopback>>;
let local: Handler;
let revid: number;

async function platform(adminPassword: string, remoteWikis?: RemoteWikis): Promise<Handler> {
  const dir = mkdtempSync(path.join(tmpdir(), "wikiloom-remote-"));
  dirs.push(dir);
  process.env.ADMIN_PASSWORD = adminPassword;
  const store = await openStore({ dataDir: dir });
  stores.push(store);
  return createPlatformHandler({ store, secret: "s" }, { remoteWikis });
}

beforeAll(async () => {
  const remoteHandler = await platform("remote-admin-pw");
  remote = await serveOnLoopback(remoteHandler);
  const admin = new TestApiClient(remoteHandler, remote.url);
  await admin.login("Admin", "remote-admin-pw");
  const token = await admin.csrf();
  revid = (await admin.post({ action: "edit", title: "Remote page", text: "From the '''remote''' wiki, see [[Main Page]] and [[Nowhere]].", token })).body.edit.newrevid;
  local = await platform("local-admin-pw", new RemoteWikis({ wikis: parseRemoteWikis(`remote.example=${remote.url}/w/api.php`) }));
});

afterAll(async () => {
  await remote?.close();
  for (const store of stores) await store.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => local(new Request(`http://127.0.0.1/w/rest.php${p}`, { headers }));

describe("allow-listed remote wikis", () => {
  it("redirects to the remote latest revision and renders it with remote link existence", async () => {
    const redirect = await get("/remote.example/v3/page/html/Remote_page");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toMatch(new RegExp(`/Remote_page/${revid}$`));
    const res = await get(`/remote.example/v3/page/html/Remote_page/${revid}?body_only=1`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<b[^>]*>remote<\/b>/);
    expect(html).toMatch(/href="\.\/Nowhere\?action=edit&amp;redlink=1"[^>]*class="new"/);
    expect(html).toMatch(/href="\.\/Main_Page"/);
    expect(html).not.toMatch(/href="\.\/Main_Page[^"]*"[^>]*class="new"/);
  });

  it("answers 404 for what the remote wiki does not have", async () => {
    expect((await get("/remote.example/v3/page/html/Not_there")).status).toBe(404);
    expect((await get(`/remote.example/v3/page/html/Main_Page/${revid}`)).status).toBe(404);
  });

  it("forwards Cookie and x-request-id to the remote API", async () => {
    await get(`/remote.example/v3/page/wikitext/Remote_page/${revid}`, { cookie: "remote_session=abc", "x-request-id": "trace-7" });
    const forwarded = remote.requests.filter((r) => r.headers.get("x-request-id") === "trace-7");
    expect(forwarded.length).toBeGreaterThan(0);
    expect(forwarded[0]!.headers.get("cookie")).toBe("remote_session=abc");
  });

  it("refuses every domain that is neither hosted nor allow-listed", async () => {
    const before = remote.requests.length;
    const res = await get("/127.0.0.1/v3/page/html/Remote_page");
    expect(res.status).toBe(400);
    expect(remote.requests.length).toBe(before);
  });

  it("parses the REMOTE_WIKIS setting and refuses non-http URLs", () => {
    expect(parseRemoteWikis('{"A.example":"https://a.example/w/api.php"}')).toEqual({ "a.example": "https://a.example/w/api.php" });
    expect(parseRemoteWikis("b.example=http://127.0.0.1:9/w/api.php")).toEqual({ "b.example": "http://127.0.0.1:9/w/api.php" });
    expect(parseRemoteWikis(undefined)).toEqual({});
    expect(() => parseRemoteWikis("c.example=file:///etc/passwd")).toThrow();
  });
});
