// The conversion service over real HTTP through the built Next.js server.
import { gunzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.js";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: "conversion-e2e-pw", MAX_WIKITEXT_BYTES: "100000" });
});

afterAll(async () => {
  await server?.stop();
});

const rest = (p: string) => `${server.url}/w/rest.php${p}`;

/** A raw GET that keeps the body compressed, to see what went over the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("conversion service over HTTP", () => {
  it("redirects a page to its latest revision and serves html, pagebundle and wikitext", async () => {
    const redirect = await fetch(rest("/localhost/v3/page/html/Main_Page?body_only=true"), { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    expect(location).toMatch(/^\/w\/rest\.php\/localhost\/v3\/page\/html\/Main_Page\/\d+\?body_only=true$/);
    const revid = /\/(\d+)\?/.exec(location)![1];

    const html = await fetch(`${server.url}${location}`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain('profile="https://www.mediawiki.org/wiki/Specs/HTML/2.8.0"');
    expect(html.headers.get("etag")).toMatch(new RegExp(`^"${revid}/`));
    expect(await html.text()).not.toContain("<html");

    const bundle = await (await fetch(rest(`/localhost/v3/page/pagebundle/Main_Page/${revid}`))).json();
    expect(bundle.html.body).toMatch(/^<!DOCTYPE html>/);
    expect(Object.keys(bundle["data-parser"].body.ids).length).toBeGreaterThan(0);

    const wikitext = await fetch(rest(`/localhost/v3/page/wikitext/Main_Page/${revid}`));
    expect(wikitext.headers.get("content-type")).toContain("Specs/wikitext/1.0.0");
    expect((await wikitext.text()).length).toBeGreaterThan(0);
  });

  it("compresses with gzip when the client accepts it", async () => {
    const res = await rawGet(rest("/localhost/v3/page/html/Main_Page"), { "accept-encoding": "gzip" });
    expect(res.status).toBe(302);
    const page = await rawGet(`${server.url}${res.headers.location}`, { "accept-encoding": "gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString("utf8")).toMatch(/^<!DOCTYPE html>/);
  });

  it("transforms posted wikitext, negotiates profiles and enforces limits", async () => {
    const html = await fetch(rest("/localhost/v3/transform/wikitext/to/html"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: 'text/html; profile="https://www.mediawiki.org/wiki/Specs/HTML/2.4.0"' },
      body: JSON.stringify({ wikitext: "== Hi ==\n''there''", body_only: true }),
    });
    expect(html.status).toBe(200);
    expect(await html.text()).toMatch(/<h2[^>]*>\s*Hi\s*<\/h2>/);

    const notAcceptable = await fetch(rest("/localhost/v3/transform/wikitext/to/html"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: 'text/html; profile="https://www.mediawiki.org/wiki/Specs/HTML/3.0.0"' },
      body: JSON.stringify({ wikitext: "x" }),
    });
    expect(notAcceptable.status).toBe(406);

    const tooLarge = await fetch(rest("/localhost/v3/transform/wikitext/to/html"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ wikitext: "x".repeat(150_000) }),
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).httpCode).toBe(413);
  });

  it("answers errors in MediaWiki's REST shape", async () => {
    const missing = await fetch(rest("/localhost/v3/page/html/No_such_page"));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorKey: "rest-nonexistent-title", httpReason: "Not Found" });
    const domain = await fetch(rest("/evil.example/v3/page/html/Main_Page"));
    expect(domain.status).toBe(400);
    const malformed = await fetch(rest("/localhost/v3/transform/wikitext/to/html"), { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
  });

  it("serves the deprecated v1 routes with a Deprecation header", async () => {
    const redirect = await fetch(rest("/localwiki/Main_Page"), { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("deprecation")).toBe("true");
    const page = await fetch(`${server.url}${redirect.headers.get("location")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/);
    const posted = await fetch(rest("/localwiki/Sandbox"), { method: "POST", body: new URLSearchParams({ wt: "* a", body: "1" }) });
    expect(posted.headers.get("deprecation")).toBe("true");
    expect(await posted.text()).toMatch(/<ul[^>]*>/);
  });
});
