// Security checks through the real server (Next.js in front of the platform): session cookies are
// HttpOnly and SameSite, and no password, token or secret shows up in what the server prints
// (its stdout and stderr are captured from the start), even after failures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createOAuthToken, bearerClient, EventsTestClient, type Transport } from "../robustness/support/world.js";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-security-Admin-pw-7c1f";
const USER_PASSWORD = "Distinctive-Passw0rd-4f9e2a";
const WRONG_PASSWORD = "Wrong-Guess-Passw0rd-b81d3c";
const transport: Transport = (request) => fetch(request, { redirect: "manual" });
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
});

afterAll(async () => {
  await server?.stop();
});

describe("session cookies", () => {
  it("are HttpOnly and SameSite, and Secure behind HTTPS", async () => {
    for (const forwarded of [null, "https"]) {
      const headers: Record<string, string> = forwarded ? { "x-forwarded-proto": forwarded } : {};
      const tokens = await fetch(`${server.url}/w/api.php?action=query&meta=tokens&type=login&format=json`, { headers });
      const anon = tokens.headers.getSetCookie();
      const loginToken = (await tokens.json()).query.tokens.logintoken;
      const login = await fetch(`${server.url}/w/api.php`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: anon.map((c) => c.split(";")[0]).join("; ") },
        body: new URLSearchParams({ action: "login", lgname: "Admin", lgpassword: ADMIN_PASSWORD, lgtoken: loginToken, format: "json" }),
      });
      expect((await login.json()).login.result).toBe("Success");
      const cookies = [...anon, ...login.headers.getSetCookie()];
      expect(cookies.some((c) => c.startsWith("wikiloom_session="))).toBe(true);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
        if (forwarded === "https") expect(cookie).toMatch(/;\s*Secure/i);
      }
    }
  });
});

describe("server logs", () => {
  it("never contain passwords, tokens or the signing secret", async () => {
    const admin = new EventsTestClient(transport, server.url);
    await admin.login("Admin", ADMIN_PASSWORD);
    const user = await createAccount(admin, transport, "Log probe", USER_PASSWORD);
    const csrf = await user.client.token();
    const { token: bearer } = await createOAuthToken(user.client);
    // Failures are where secrets tend to be logged: a wrong password, a bad token, a revoked one.
    const stranger = new EventsTestClient(transport, server.url);
    await expect(stranger.login("Log probe", WRONG_PASSWORD)).rejects.toThrow();
    await expect(stranger.login("Nobody at all", WRONG_PASSWORD)).rejects.toThrow();
    const badCreate = await admin.action({ action: "createaccount", username: "Log probe 2", password: USER_PASSWORD, retype: WRONG_PASSWORD, createtoken: await admin.token("createaccount"), createreturnurl: server.url }, "POST");
    expect(badCreate.createaccount?.status).not.toBe("PASS");
    const oauth = bearerClient(transport, server.url, bearer);
    expect((await oauth.action({ action: "query", meta: "userinfo" })).query.userinfo.name).toBe("Log probe");
    const forged = bearerClient(transport, server.url, `${bearer}x`);
    expect((await forged.action({ action: "query", meta: "userinfo" })).error.code).toBe("mwoauth-invalid-authorization");
    // A malformed request on a write route, carrying the password and token in its body.
    const malformed = await fetch(`${server.url}/w/rest.php/campaignevents/v0/event_registration`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: `{"password": "${USER_PASSWORD}", "token": "${csrf}"`,
    });
    expect(malformed.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const secret = readFileSync(path.join(server.dataDir, "secret-key"), "utf8").trim();
    const output = server.output();
    const leaks = Object.entries({ ADMIN_PASSWORD, USER_PASSWORD, WRONG_PASSWORD, bearer, csrf, secret }).filter(([, value]) => output.includes(value));
    expect(leaks.map(([name]) => name)).toEqual([]);
    // The output is not empty: the server did log (so the scan looked at something).
    expect(output.length).toBeGreaterThan(0);
  });
});
