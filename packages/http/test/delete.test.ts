/**
 * action=delete through the real handler, in process: a sysop deletes by title or page id, the
 * page then reads as missing in the action API and the conversion routes answer 404; users
 * without the right, blocked sysops, bad tokens and GETs are refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createPlatformHandler, type Handler } from "../src/index.js";
import { TestApiClient } from "./support/api-client.js";

const ORIGIN = "http://127.0.0.1:3000";
const ADMIN_PASSWORD = "delete-admin-password";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
let admin: TestApiClient;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-delete-"));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  store = await openStore({ dataDir });
  handler = createPlatformHandler({ store, secret: "s" });
  admin = new TestApiClient(handler, ORIGIN);
  expect((await admin.login("Admin", ADMIN_PASSWORD)).result).toBe("Success");
  token = await admin.csrf();
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function create(title: string, text = "Some text."): Promise<{ pageid: number; newrevid: number }> {
  const { body } = await admin.post({ action: "edit", title, text, token });
  expect(body.edit?.result, JSON.stringify(body)).toBe("Success");
  return body.edit;
}

async function newUser(name: string, groups = ""): Promise<TestApiClient> {
  const password = `${name}-password-123`;
  const createToken = (await admin.get({ action: "query", meta: "tokens", type: "createaccount" })).body.query.tokens.createaccounttoken;
  const created = await admin.post({ action: "createaccount", username: name, password, retype: password, createtoken: createToken, createreturnurl: `${ORIGIN}/` });
  expect(created.body.createaccount.status).toBe("PASS");
  if (groups) expect((await admin.post({ action: "userrights", user: name, add: groups, token })).body.userrights.added).toEqual([groups]);
  const client = new TestApiClient(handler, ORIGIN);
  expect((await client.login(name, password)).result).toBe("Success");
  return client;
}

describe("action=delete", () => {
  it("deletes by title: MediaWiki's answer, then the page reads as missing everywhere", async () => {
    const { newrevid } = await create("Delete me/Sub", "== Heading ==\nDoomed.");
    expect((await admin.get({ action: "query", titles: "Delete me/Sub" })).body.query.pages[0].missing).toBeUndefined();
    const { status, body } = await admin.post({ action: "delete", title: "delete me/Sub", reason: "Test cleanup", token });
    expect(status).toBe(200);
    expect(body).toEqual({ delete: { title: "Delete me/Sub", reason: "Test cleanup", logid: expect.any(Number) } });

    const query = await admin.get({ action: "query", titles: "Delete me/Sub", prop: "revisions" });
    expect(query.body.query.pages[0]).toMatchObject({ title: "Delete me/Sub", missing: true });
    const byRev = await admin.get({ action: "query", revids: String(newrevid), prop: "revisions" });
    expect(byRev.body.query.badrevids).toEqual({ [String(newrevid)]: { revid: newrevid, missing: true } });

    const latest = await handler(new Request(`${ORIGIN}/w/rest.php/localhost/v3/page/html/Delete_me%2FSub`));
    expect(latest.status).toBe(404);
    expect(await latest.json()).toMatchObject({ errorKey: "rest-nonexistent-title", httpCode: 404 });
    const pinned = await handler(new Request(`${ORIGIN}/w/rest.php/localhost/v3/page/wikitext/Delete_me%2FSub/${newrevid}`));
    expect(pinned.status).toBe(404);

    expect((await admin.post({ action: "delete", title: "Delete me/Sub", token })).body.error.code).toBe("missingtitle");
  });

  it("deletes by page id, and lets the title be created again", async () => {
    const { pageid } = await create("Delete by id");
    const { body } = await admin.post({ action: "delete", pageid: String(pageid), token });
    expect(body.delete).toMatchObject({ title: "Delete by id", reason: "" });
    expect((await admin.post({ action: "delete", pageid: String(pageid), token })).body.error.code).toBe("nosuchpageid");
    const again = await admin.post({ action: "edit", title: "Delete by id", text: "Back.", token });
    expect(again.body.edit).toMatchObject({ result: "Success", new: true });
  });

  it("refuses users without the delete right, blocked sysops, bad tokens, GETs and ambiguous targets", async () => {
    await create("Protected by rights");
    const carol = await newUser("Carol");
    const denied = await carol.post({ action: "delete", title: "Protected by rights", token: await carol.csrf() });
    expect(denied.body.error.code).toBe("permissiondenied");

    const dave = await newUser("Dave", "sysop");
    const daveToken = await dave.csrf();
    expect((await admin.post({ action: "block", user: "Dave", reason: "pause", token })).body.block.user).toBe("Dave");
    expect((await dave.post({ action: "delete", title: "Protected by rights", token: daveToken })).body.error.code).toBe("blocked");

    expect((await admin.post({ action: "delete", title: "Protected by rights", token: "bad+\\" })).body.error.code).toBe("badtoken");
    expect((await admin.get({ action: "delete", title: "Protected by rights", token })).body.error.code).toBe("mustbeposted");
    expect((await admin.post({ action: "delete", token })).body.error.code).toBe("missingparam");
    expect((await admin.post({ action: "delete", title: "Protected by rights", pageid: "1", token })).body.error.code).toBe("invalidparammix");
    expect((await admin.post({ action: "delete", title: "Special:Version", token })).body.error.code).toBe("invalidtitle");
    expect((await admin.get({ action: "query", titles: "Protected by rights" })).body.query.pages[0].missing).toBeUndefined();
  });
});
