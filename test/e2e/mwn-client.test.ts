// Drives the built server with a real MediaWiki client library (mwn), as a bot would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mwn } from "mwn";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-admin-password";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
});

afterAll(async () => {
  await server?.stop();
});

function client(username?: string, password?: string): Mwn {
  return new Mwn({
    apiUrl: `${server.url}/w/api.php`,
    username,
    password,
    silent: true,
    maxRetries: 0,
  });
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return "no error";
}

describe("a MediaWiki client against the running server", () => {
  it("logs in as Admin, creates an account, edits, reads back, and hits an edit conflict", async () => {
    const admin = client("Admin", ADMIN_PASSWORD);
    await admin.login();
    expect(admin.loggedIn).toBe(true);

    const { query } = await admin.query({ meta: "userinfo", uiprop: "groups" });
    expect(query.userinfo.groups).toContain("sysop");

    const tokens = await admin.query({ meta: "tokens", type: "createaccount" });
    const created = await admin.request({
      action: "createaccount",
      username: "E2e user",
      password: "e2e-user-password",
      retype: "e2e-user-password",
      createtoken: tokens.query.tokens.createaccounttoken,
      createreturnurl: `${server.url}/`,
    });
    expect(created.createaccount.status).toBe("PASS");

    const saved = await admin.save("E2e page", "Hello from mwn", "first");
    expect(saved.result).toBe("Success");
    const page = await admin.read("E2e page", { rvprop: "content|ids|timestamp" });
    expect(page.revisions?.[0]?.content).toBe("Hello from mwn");
    const firstRevision = page.revisions![0]!.revid;
    expect(firstRevision).toBe(saved.newrevid);

    await admin.save("E2e page", "Second text", "second");
    const conflict = admin.request({
      action: "edit",
      title: "E2e page",
      text: "based on an old revision",
      baserevid: firstRevision!,
      token: admin.csrfToken,
    });
    expect(await errorCode(conflict)).toBe("editconflict");

    const edited = await admin.edit("E2e page", (rev) => ({ text: `${rev.content}\n\nAppended`, summary: "append" }));
    expect(edited.result).toBe("Success");
    expect((await admin.read("E2e page")).revisions?.[0]?.content).toBe("Second text\n\nAppended");
  });

  it("refuses a write with a bad token and writes from a blocked user", async () => {
    const admin = client("Admin", ADMIN_PASSWORD);
    await admin.login();
    const badToken = admin.request({ action: "edit", title: "E2e page", text: "x", token: "not-a-token+\\" });
    expect(await errorCode(badToken)).toBe("badtoken");

    const tokens = await admin.query({ meta: "tokens", type: "createaccount" });
    await admin.request({
      action: "createaccount",
      username: "Blocked user",
      password: "blocked-password",
      retype: "blocked-password",
      createtoken: tokens.query.tokens.createaccounttoken,
      createreturnurl: `${server.url}/`,
    });
    const user = client("Blocked user", "blocked-password");
    await user.login();
    expect((await user.save("Blocked user sandbox", "before the block")).result).toBe("Success");

    const block = await admin.request({ action: "block", user: "Blocked user", expiry: "infinite", reason: "e2e", token: admin.csrfToken });
    expect(block.block.user).toBe("Blocked user");
    expect(await errorCode(user.save("Blocked user sandbox", "after the block"))).toBe("blocked");
  });

  it("answers malformed requests with clear 4xx errors", async () => {
    const json = await fetch(`${server.url}/w/api.php`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(json.status).toBe(415);
    const huge = await fetch(`${server.url}/w/api.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `action=edit&text=${"x".repeat(11 * 1024 * 1024)}`,
    });
    expect(huge.status).toBe(413);
    const unknown = await fetch(`${server.url}/w/api.php?action=nope&format=json`);
    expect((await unknown.json()).error.code).toBe("badvalue");
    const rest = await fetch(`${server.url}/w/rest.php/no/such/route`);
    expect(rest.status).toBe(404);
    expect((await rest.json()).errorKey).toBe("rest-no-match");
    expect(server.output()).not.toContain(ADMIN_PASSWORD);
  });
});
