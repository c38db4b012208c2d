import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createHandler, type Handler } from "../src/index.js";
import { TestApiClient } from "./support/api-client.js";

const ADMIN_PASSWORD = "admin-password-for-tests";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-http-"));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  store = await openStore({ dataDir });
  handler = createHandler({ store, secret: "test-secret", log: (entry) => logged.push(JSON.stringify(entry)) });
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminClient(): Promise<TestApiClient> {
  const client = new TestApiClient(handler);
  expect((await client.login("Admin", ADMIN_PASSWORD)).result).toBe("Success");
  return client;
}

async function newUser(admin: TestApiClient, name: string, password = "user-password-1"): Promise<TestApiClient> {
  const token = (await admin.get({ action: "query", meta: "tokens", type: "createaccount" })).body.query.tokens.createaccounttoken;
  const created = await admin.post({ action: "createaccount", username: name, password, retype: password, createtoken: token, createreturnurl: "http://127.0.0.1/" });
  expect(created.body.createaccount.status).toBe("PASS");
  const client = new TestApiClient(handler);
  expect((await client.login(name, password)).result).toBe("Success");
  return client;
}

describe("meta=siteinfo", () => {
  it("describes the demo wiki", async () => {
    const client = new TestApiClient(handler);
    const { body } = await client.get({ action: "query", meta: "siteinfo", siprop: "general|namespaces|namespacealiases" });
    const general = body.query.general;
    expect(general.servername).toBe("localhost");
    expect(general.wikiid).toBe("localwiki");
    expect(general.scriptpath).toBe("/w");
    expect(general.articlepath).toBe("/wiki/$1");
    expect(general.lang).toBe("en");
    expect(typeof general.sitename).toBe("string");
    expect(general.server).toBe("http://127.0.0.1:3000");
    expect(body.query.namespaces["1728"].name).toBe("Event");
    expect(body.query.namespaces["1729"].name).toBe("Event talk");
    expect(body.query.namespacealiases.some((a: { alias: string }) => a.alias === "Image")).toBe(true);
  });

  it("uses '*' for names and '' for booleans in formatversion 1", async () => {
    const client = new TestApiClient(handler);
    const { body } = await client.get({ action: "query", meta: "siteinfo", siprop: "namespaces", formatversion: "1" });
    expect(body.query.namespaces["1"]["*"]).toBe("Talk");
    expect(body.batchcomplete).toBe("");
  });
});

describe("login and sessions", () => {
  it("logs in with a token, sets an HttpOnly session cookie and reports the user", async () => {
    const client = new TestApiClient(handler);
    const token = (await client.get({ action: "query", meta: "tokens", type: "login" })).body.query.tokens.logintoken;
    const res = await client.post({ action: "login", lgname: "Admin", lgpassword: ADMIN_PASSWORD, lgtoken: token });
    expect(res.body.login).toMatchObject({ result: "Success", lgusername: "Admin" });
    expect(res.response.headers.getSetCookie().join("\n")).toMatch(/wikiloom_session=.*HttpOnly.*SameSite/);
    const info = await client.get({ action: "query", meta: "userinfo", uiprop: "groups|rights" });
    expect(info.body.query.userinfo.name).toBe("Admin");
    expect(info.body.query.userinfo.groups).toEqual(expect.arrayContaining(["sysop", "event-organizer", "user"]));
    expect(info.body.query.userinfo.rights).toEqual(expect.arrayContaining(["edit", "block", "userrights"]));
  });

  it("rejects wrong passwords and wrong tokens, and never logs the password", async () => {
    const client = new TestApiClient(handler);
    expect((await client.login("Admin", "not-the-password")).result).toBe("Failed");
    const res = await client.post({ action: "login", lgname: "Admin", lgpassword: ADMIN_PASSWORD, lgtoken: "0123+\\" });
    expect(res.body.login.result).toBe("WrongToken");
    expect(logged.join("\n")).not.toContain(ADMIN_PASSWORD);
    expect(logged.join("\n")).not.toContain("not-the-password");
  });

  it("needs POST for login", async () => {
    const res = await new TestApiClient(handler).get({ action: "login", lgname: "Admin", lgpassword: "x" });
    expect(res.body.error.code).toBe("mustbeposted");
    expect(res.response.headers.get("mediawiki-api-error")).toBe("mustbeposted");
  });

  it("logs out with the CSRF token", async () => {
    const client = await adminClient();
    expect((await client.post({ action: "logout" })).body.error.code).toBe("missingparam");
    expect((await client.post({ action: "logout", token: await client.csrf() })).status).toBe(200);
    const info = await client.get({ action: "query", meta: "userinfo" });
    expect(info.body.query.userinfo.anon).toBe(true);
  });
});

describe("action=edit and reading revisions", () => {
  it("creates a page, reads it back, and detects edit conflicts", async () => {
    const client = await adminClient();
    const token = await client.csrf();
    const created = await client.post({ action: "edit", title: "api test_page", text: "First version", summary: "create", token });
    expect(created.body.edit).toMatchObject({ result: "Success", title: "Api test page", new: true });
    const firstRev = created.body.edit.newrevid;

    const read = await client.get({ action: "query", prop: "revisions", titles: "Api_test_page", rvprop: "content|ids|timestamp|user|comment|size|sha1", rvslots: "main" });
    const page = read.body.query.pages[0];
    expect(read.body.query.normalized).toEqual([{ fromencoded: false, from: "Api_test_page", to: "Api test page" }]);
    expect(page.title).toBe("Api test page");
    const revision = page.revisions[0];
    expect(revision).toMatchObject({ revid: firstRev, parentid: 0, user: "Admin", comment: "create", size: 13 });
    expect(revision.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(revision.slots.main).toMatchObject({ contentmodel: "wikitext", content: "First version" });

    const second = await client.post({ action: "edit", title: "Api test page", text: "Second version", baserevid: String(firstRev), token });
    expect(second.body.edit.oldrevid).toBe(firstRev);
    const conflict = await client.post({ action: "edit", title: "Api test page", text: "Stale edit", baserevid: String(firstRev), token });
    expect(conflict.body.error.code).toBe("editconflict");
    const nochange = await client.post({ action: "edit", title: "Api test page", text: "Second version", token });
    expect(nochange.body.edit.nochange).toBe(true);

    const fv1 = await client.get({ action: "query", prop: "revisions", titles: "Api test page", rvprop: "content", formatversion: "1" });
    const pages = fv1.body.query.pages;
    expect(Object.values(pages as Record<string, any>)[0].revisions[0]["*"]).toBe("Second version");
  });

  it("honours createonly and nocreate", async () => {
    const client = await adminClient();
    const token = await client.csrf();
    expect((await client.post({ action: "edit", title: "Never created", text: "x", nocreate: "1", token })).body.error.code).toBe("missingtitle");
    await client.post({ action: "edit", title: "Created once", text: "x", token });
    expect((await client.post({ action: "edit", title: "Created once", text: "y", createonly: "1", token })).body.error.code).toBe("articleexists");
  });

  it("rejects bad tokens, anonymous edits and invalid titles", async () => {
    const client = await adminClient();
    expect((await client.post({ action: "edit", title: "X", text: "y", token: "bad+\\" })).body.error.code).toBe("badtoken");
    const anon = new TestApiClient(handler);
    const anonEdit = await anon.post({ action: "edit", title: "X", text: "y", token: "+\\" });
    expect(anonEdit.body.error.code).toBe("permissiondenied");
    const invalid = await client.post({ action: "edit", title: "A|B", text: "y", token: await client.csrf() });
    expect(invalid.body.error.code).toBe("invalidtitle");
  });

  it("reports missing and invalid titles in a query", async () => {
    const { body } = await new TestApiClient(handler).get({ action: "query", prop: "info", titles: "No such page|Bad[title" });
    expect(body.query.pages[0]).toMatchObject({ title: "No such page", missing: true });
    expect(body.query.pages[1]).toMatchObject({ title: "Bad[title", invalid: true });
  });

  it("lists pages with continuation", async () => {
    const client = new TestApiClient(handler);
    const first = await client.get({ action: "query", list: "allpages", aplimit: "1" });
    expect(first.body.query.allpages).toHaveLength(1);
    expect(first.body.continue.apcontinue).toBeTruthy();
    const next = await client.get({ action: "query", list: "allpages", aplimit: "1", apcontinue: first.body.continue.apcontinue });
    expect(next.body.query.allpages[0].title).not.toBe(first.body.query.allpages[0].title);
  });
});

describe("accounts, rights and blocks", () => {
  it("creates accounts and refuses duplicates", async () => {
    const admin = await adminClient();
    await newUser(admin, "Alice");
    const token = (await admin.get({ action: "query", meta: "tokens", type: "createaccount" })).body.query.tokens.createaccounttoken;
    const dup = await admin.post({ action: "createaccount", username: "alice", password: "another-pass-1", retype: "another-pass-1", createtoken: token, createreturnurl: "http://x/" });
    expect(dup.body.createaccount.status).toBe("FAIL");
    expect(dup.body.createaccount.messagecode).toBe("userexists");
  });

  it("lets sysops change groups and block; blocked users cannot edit", async () => {
    const admin = await adminClient();
    const bob = await newUser(admin, "Bob");
    const bobToken = await bob.csrf();
    expect((await bob.post({ action: "edit", title: "Bob page", text: "hi", token: bobToken })).body.edit.result).toBe("Success");

    const denied = await bob.post({ action: "block", user: "Admin", token: bobToken });
    expect(denied.body.error.code).toBe("permissiondenied");

    const adminToken = await admin.csrf();
    const rights = await admin.post({ action: "userrights", user: "Bob", add: "event-organizer", token: adminToken });
    expect(rights.body.userrights).toMatchObject({ user: "Bob", added: ["event-organizer"], removed: [] });

    const block = await admin.post({ action: "block", user: "Bob", expiry: "1 week", reason: "testing", token: adminToken });
    expect(block.body.block).toMatchObject({ user: "Bob", reason: "testing" });
    const blocked = await bob.post({ action: "edit", title: "Bob page", text: "again", token: bobToken });
    expect(blocked.body.error.code).toBe("blocked");
    expect(blocked.body.error.blockinfo.blockreason).toBe("testing");

    expect((await admin.post({ action: "unblock", user: "Bob", token: adminToken })).body.unblock.user).toBe("Bob");
    expect((await bob.post({ action: "edit", title: "Bob page", text: "again", token: bobToken })).body.edit.result).toBe("Success");
    expect((await admin.post({ action: "unblock", user: "Bob", token: adminToken })).body.error.code).toBe("cantunblock");
  });
  it("suppresses names only with permanent blocks and the hideuser right", async () => {
    const admin = await adminClient();
    const dana = await newUser(admin, "Dana");
    const token = await admin.csrf();
    const temporary = await admin.post({ action: "block", user: "Dana", expiry: "1 day", hidename: "1", token });
    expect(temporary.body.error.code).toBe("ipb_expiry_temp");
    const denied = await dana.post({ action: "block", user: "Admin", hidename: "1", token: await dana.csrf() });
    expect(denied.body.error.code).toBe("permissiondenied");
    const hidden = await admin.post({ action: "block", user: "Dana", expiry: "infinite", hidename: "1", token });
    expect(hidden.body.block).toMatchObject({ user: "Dana", expiry: "infinite", hidename: true });
    const active = await store.blocks.active((await store.users.byName("Dana"))!);
    expect(active?.hideName).toBe(true);
  });

});

describe("OAuth bearer tokens", () => {
  it("authenticate as their owner without CSRF, and stop working when revoked", async () => {
    const admin = await adminClient();
    const carol = await newUser(admin, "Carol");
    const created = await carol.post({ action: "oauthtoken", operation: "create", name: "bot", token: await carol.csrf() });
    const { token, id } = created.body.oauthtoken;
    expect(typeof token).toBe("string");

    const bot = new TestApiClient(handler);
    bot.bearer = token;
    const info = await bot.get({ action: "query", meta: "userinfo" });
    expect(info.body.query.userinfo.name).toBe("Carol");
    const edit = await bot.post({ action: "edit", title: "Carol bot page", text: "by bot" });
    expect(edit.body.edit.result).toBe("Success");

    const listed = await admin.get({ action: "oauthtoken", operation: "list" });
    expect(listed.body.oauthtoken.tokens).toEqual([]);

    await carol.post({ action: "oauthtoken", operation: "revoke", id: String(id), token: await carol.csrf() });
    const after = await bot.get({ action: "query", meta: "userinfo" });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("mwoauth-invalid-authorization");
  });
});

describe("bad input", () => {
  const client = () => new TestApiClient(handler);

  it("answers unknown or missing actions with action API errors", async () => {
    expect((await client().get({ action: "frobnicate" })).body.error.code).toBe("badvalue");
    expect((await client().get({})).body.error.code).toBe("missingparam");
    expect((await client().get({ action: "query", format: "xml" })).body.error.code).toBe("badvalue");
  });

  it("answers malformed and oversized bodies with 4xx", async () => {
    const url = "http://127.0.0.1/w/api.php";
    const json = await handler(new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" }));
    expect(json.status).toBe(415);
    const multipart = await handler(new Request(url, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=zz" }, body: "garbage" }));
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).error.code).toBeTruthy();
    const small = createHandler({ store, secret: "s", maxBodyBytes: 100 });
    const huge = await small(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `text=${"x".repeat(1000)}` }));
    expect(huge.status).toBe(413);
    const badUtf8 = await handler(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new Uint8Array([0x61, 0x3d, 0xc3, 0x28]) }));
    expect(badUtf8.status).toBe(400);
  });

  it("answers unknown REST paths with MediaWiki's REST error body", async () => {
    const res = await handler(new Request("http://127.0.0.1/w/rest.php/nothing/here"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorKey: "rest-no-match", httpCode: 404, httpReason: "Not Found" });
  });

  it("marks cookie requests private and passes x-request-id through", async () => {
    const res = await handler(new Request("http://127.0.0.1/w/api.php?action=query&meta=siteinfo&format=json", { headers: { cookie: "a=b", "x-request-id": "req-42" } }));
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("x-request-id")).toBe("req-42");
  });
});
