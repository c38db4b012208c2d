// The conversion interface over real HTTP, route by route: every v3 page format and transform,
// the v1 routes, redirects, content negotiation, caching headers, remote wikis, limits and the
// errors each one answers. Two servers: "local" (under test) and "remote", a second instance
// that local serves through its action API because REMOTE_WIKIS allow-lists its domain. The
// remote one runs with a 1 ms conversion budget, which its own time-limit case uses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestApiClient } from "../../packages/http/test/support/api-client.js";
import { startServer, type RunningServer } from "../support/server.js";

const PROFILE = "https://www.mediawiki.org/wiki/Specs";
const HTML_CT = `text/html; charset=utf-8; profile="${PROFILE}/HTML/2.8.0"`;
const WIKITEXT_CT = `text/plain; charset=utf-8; profile="${PROFILE}/wikitext/1.0.0"`;
const BUNDLE_CT = `application/json; charset=utf-8; profile="${PROFILE}/pagebundle/2.8.0"`;
const JSON_CT = /^application\/json/;

let local: RunningServer;
let remote: RunningServer;
let rev1: number | undefined;
let rev2: number | undefined;
let otherRev: number | undefined;
let remoteRev: number | undefined;

/** An action API client for a started server (cookies kept like a browser). */
function apiClient(server: RunningServer): TestApiClient {
  return new TestApiClient((request) => fetch(request), server.url);
}

async function edit(server: RunningServer, password: string, pages: Record<string, string>): Promise<number[]> {
  const admin = apiClient(server);
  await admin.login("Admin", password);
  const token = await admin.csrf();
  const revisions: number[] = [];
  for (const [title, text] of Object.entries(pages)) {
    revisions.push((await admin.post({ action: "edit", title, text, token })).body.edit.newrevid);
  }
  return revisions;
}

beforeAll(async () => {
  remote = await startServer({ ADMIN_PASSWORD: "matrix-remote-pw", MAX_CONVERSION_MS: "1", MAX_WIKITEXT_BYTES: "10000000" });
  [remoteRev] = await edit(remote, "matrix-remote-pw", { "Remote page": "From the '''remote''' wiki." });
  local = await startServer({
    ADMIN_PASSWORD: "matrix-local-pw",
    MAX_WIKITEXT_BYTES: "100000",
    MAX_HTML_BYTES: "200000",
    REMOTE_WIKIS: `remote.example=${remote.url}/w/api.php`,
  });
  [rev1] = await edit(local, "matrix-local-pw", { "Matrix/Page": "== Heading ==\nFirst '''bold''' text." });
  [rev2, otherRev] = await edit(local, "matrix-local-pw", {
    "Matrix/Page": "== Heading ==\nSecond text with [[Main Page]] and [[Matrix missing]].\n\n<div>unclosed",
    "Matrix other": "Other page.",
    "Template:Matrix greeting": "Hello, {{{1}}}",
  });
}, 240_000);

afterAll(async () => {
  await local?.stop();
  await remote?.stop();
});

const TITLE = "Matrix%2FPage";

/** The HTML of a revision as a client fetched it earlier, to edit and send back. */
async function revisionHtml(revid: number): Promise<string> {
  return (await fetch(url(`/localhost/v3/page/html/${TITLE}/${revid}`))).text();
}
const url = (p: string) => `${local.url}/w/rest.php${p}`;

interface Case {
  name: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: () => string;
  headers?: Record<string, string>;
  body?: () => BodyInit | Promise<BodyInit>;
  status: number;
  contentType?: string | RegExp;
  /** Extra checks on the response and its text. */
  check?: (res: Response, text: string) => void | Promise<void>;
}

const json = (value: unknown) => () => JSON.stringify(value);
const JSON_HEADERS = { "content-type": "application/json" };

function restError(errorKey: string | RegExp, httpCode: number) {
  return (_res: Response, text: string) => {
    const body = JSON.parse(text);
    expect(body.errorKey).toMatch(errorKey);
    expect(body.httpCode).toBe(httpCode);
    expect(typeof body.messageTranslations.en).toBe("string");
    expect(typeof body.httpReason).toBe("string");
  };
}

const pageCases: Case[] = [
  ...(["html", "pagebundle", "wikitext", "lint"] as const).map((format) => ({
    name: `GET page/${format} without a revision redirects (302) to the latest, keeping the query`,
    path: () => `/localhost/v3/page/${format}/${TITLE}?body_only=true&x=1`,
    status: 302,
    check: (res: Response) => expect(res.headers.get("location")).toBe(`/w/rest.php/localhost/v3/page/${format}/${TITLE}/${rev2}?body_only=true&x=1`),
  })),
  {
    name: "GET page/html of a revision: a full document with the spec profile and an ETag",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    status: 200,
    contentType: HTML_CT,
    check: (res, text) => {
      expect(text).toMatch(/^<!DOCTYPE html>/);
      expect(text).toMatch(/<b[^>]*>bold<\/b>/);
      expect(res.headers.get("etag")).toMatch(new RegExp(`^"${rev1}/`));
    },
  },
  {
    name: "GET page/html with body_only: only the body's content",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev2}?body_only=true`,
    status: 200,
    contentType: HTML_CT,
    check: (_res, text) => {
      expect(text).not.toContain("<html");
      expect(text).toMatch(/href="\.\/Matrix_missing\?action=edit&amp;redlink=1"/);
    },
  },
  {
    name: "GET page/pagebundle: html and data-parser with their profiles",
    path: () => `/localhost/v3/page/pagebundle/${TITLE}/${rev2}`,
    status: 200,
    contentType: BUNDLE_CT,
    check: (_res, text) => {
      const bundle = JSON.parse(text);
      expect(bundle.html.headers["content-type"]).toBe(HTML_CT);
      expect(bundle["data-parser"].headers["content-type"]).toContain(`${PROFILE}/data-parser/`);
      expect(Object.keys(bundle["data-parser"].body.ids).length).toBeGreaterThan(0);
      expect(bundle.html.body).not.toContain("data-parser=");
    },
  },
  {
    name: "GET page/wikitext: the revision's source",
    path: () => `/localhost/v3/page/wikitext/${TITLE}/${rev1}`,
    status: 200,
    contentType: WIKITEXT_CT,
    check: (_res, text) => expect(text).toBe("== Heading ==\nFirst '''bold''' text."),
  },
  {
    name: "GET page/lint: lint items with UTF-16 offsets",
    path: () => `/localhost/v3/page/lint/${TITLE}/${rev2}`,
    status: 200,
    contentType: JSON_CT,
    check: (_res, text) => {
      const items = JSON.parse(text);
      expect(items.map((i: { type: string }) => i.type)).toContain("missing-end-tag");
    },
  },
  {
    name: "GET an unknown page: 404",
    path: () => "/localhost/v3/page/html/Matrix_nowhere",
    status: 404,
    contentType: JSON_CT,
    check: restError("rest-nonexistent-title", 404),
  },
  {
    name: "GET an unknown revision: 404",
    path: () => `/localhost/v3/page/html/${TITLE}/99999999`,
    status: 404,
    check: restError("rest-nonexistent-revision", 404),
  },
  {
    name: "GET a revision of another page: 404",
    path: () => `/localhost/v3/page/html/${TITLE}/${otherRev}`,
    status: 404,
    check: restError("rest-nonexistent-revision", 404),
  },
  { name: "GET an unknown format: 400", path: () => `/localhost/v3/page/pdf/${TITLE}/${rev1}`, status: 400, check: restError(/.+/, 400) },
  { name: "GET a malformed revision: 400", path: () => `/localhost/v3/page/html/${TITLE}/abc`, status: 400, check: restError(/.+/, 400) },
  { name: "GET an invalid title: 400", path: () => "/localhost/v3/page/html/%3Cbad%3E/1", status: 400, check: restError("rest-invalid-title", 400) },
  { name: "GET an unknown domain: 400", path: () => "/evil.example/v3/page/html/Main_Page", status: 400, check: restError("rest-unknown-domain", 400) },
  { name: "PUT on a page route: 405", method: "PUT", path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`, status: 405, check: restError(/.+/, 405) },
];

const negotiationCases: Case[] = [
  {
    name: "Accept with a satisfiable HTML profile (caret): served",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    headers: { accept: `text/html; charset=utf-8; profile="${PROFILE}/HTML/2.1.0"` },
    status: 200,
    contentType: HTML_CT,
  },
  {
    name: "Accept with a newer major HTML profile: 406",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    headers: { accept: `text/html; charset=utf-8; profile="${PROFILE}/HTML/3.0.0"` },
    status: 406,
    check: restError(/.+/, 406),
  },
  {
    name: "Accept with a newer minor than we produce: 406",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    headers: { accept: `text/html; charset=utf-8; profile="${PROFILE}/HTML/2.99.0"` },
    status: 406,
  },
  {
    name: "Accept list with q-values falls through to a satisfiable entry",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    headers: { accept: `text/html; profile="${PROFILE}/HTML/3.0.0"; q=0.9, text/html; profile="${PROFILE}/HTML/2.0.0"; q=0.5` },
    status: 200,
  },
  {
    name: "Accept with a page-bundle profile on the pagebundle route",
    path: () => `/localhost/v3/page/pagebundle/${TITLE}/${rev1}`,
    headers: { accept: `application/json; profile="${PROFILE}/pagebundle/2.8.0"` },
    status: 200,
    contentType: BUNDLE_CT,
  },
  {
    name: "Accept negotiation on wikitext→html transforms",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: { ...JSON_HEADERS, accept: `text/html; profile="${PROFILE}/HTML/4.0.0"` },
    body: json({ wikitext: "x" }),
    status: 406,
  },
  {
    name: "If-None-Match with the revision's ETag: 304",
    path: () => `/localhost/v3/page/wikitext/${TITLE}/${rev1}`,
    headers: {},
    status: 200,
    check: async (res) => {
      const again = await fetch(url(`/localhost/v3/page/wikitext/${TITLE}/${rev1}`), { headers: { "if-none-match": res.headers.get("etag")! } });
      expect(again.status).toBe(304);
    },
  },
  {
    name: "A request with Cookie is private to the client; x-request-id is echoed",
    path: () => `/localhost/v3/page/html/${TITLE}/${rev1}`,
    headers: { cookie: "session=whatever", "x-request-id": "matrix-42" },
    status: 200,
    check: (res) => {
      expect(res.headers.get("cache-control")).toMatch(/private/);
      expect(res.headers.get("x-request-id")).toBe("matrix-42");
    },
  },
];

const form = (fields: Record<string, string>) => () => new URLSearchParams(fields);
const multipart = (fields: Record<string, string>) => () => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

const transformCases: Case[] = [
  {
    name: "wikitext→html from a JSON body",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: JSON_HEADERS,
    body: json({ wikitext: "''hi''", body_only: true }),
    status: 200,
    contentType: HTML_CT,
    // The service wraps sections: the lead section holds the paragraph.
    check: (_res, text) => expect(text).toMatch(/^<section data-mw-section-id="0"[^>]*><p[^>]*><i[^>]*>hi<\/i><\/p><\/section>$/),
  },
  {
    name: "wikitext→html from a form body",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    body: form({ wikitext: "'''hi'''", body_only: "true" }),
    status: 200,
    check: (_res, text) => expect(text).toMatch(/<b[^>]*>hi<\/b>/),
  },
  {
    name: "wikitext→html from a multipart body",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    body: multipart({ wikitext: "* item", body_only: "1" }),
    status: 200,
    check: (_res, text) => expect(text).toMatch(/<ul[^>]*><li[^>]*>item<\/li><\/ul>/),
  },
  {
    name: "wikitext→pagebundle",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/pagebundle",
    headers: JSON_HEADERS,
    body: json({ wikitext: "== A ==" }),
    status: 200,
    contentType: BUNDLE_CT,
    check: (_res, text) => expect(JSON.parse(text).html.body).toMatch(/<h2[^>]*>A<\/h2>/),
  },
  {
    name: "wikitext→html with the wikitext omitted: the source is fetched by title and revision",
    method: "POST",
    path: () => `/localhost/v3/transform/wikitext/to/html/${TITLE}/${rev1}`,
    headers: JSON_HEADERS,
    body: json({ body_only: true }),
    status: 200,
    check: (_res, text) => expect(text).toMatch(/<b[^>]*>bold<\/b>/),
  },
  {
    name: "wikitext→html with title and revision in original.title / original.revid",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: JSON_HEADERS,
    body: () => JSON.stringify({ body_only: true, original: { title: "Matrix/Page", revid: rev1 } }),
    status: 200,
    check: (_res, text) => expect(text).toMatch(/<b[^>]*>bold<\/b>/),
  },
  {
    name: "wikitext→html without wikitext or title: 400",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: JSON_HEADERS,
    body: json({}),
    status: 400,
    check: restError("rest-missing-wikitext", 400),
  },
  {
    name: "html→wikitext",
    method: "POST",
    path: () => "/localhost/v3/transform/html/to/wikitext",
    headers: JSON_HEADERS,
    body: json({ html: "<p>Some <b>bold</b> and <a rel=\"mw:WikiLink\" href=\"./Main_Page\">Main Page</a></p>" }),
    status: 200,
    contentType: WIKITEXT_CT,
    check: (_res, text) => expect(text).toBe("Some '''bold''' and [[Main Page]]"),
  },
  {
    name: "html→wikitext with the revision: selective serialization keeps untouched source",
    method: "POST",
    path: () => `/localhost/v3/transform/html/to/wikitext/${TITLE}/${rev1}`,
    headers: JSON_HEADERS,
    body: async () => JSON.stringify({ html: (await revisionHtml(rev1!)).replace("text.", "text, edited.") }),
    status: 200,
    check: (_res, text) => expect(text).toBe("== Heading ==\nFirst '''bold''' text, edited."),
  },
  {
    name: "html→wikitext with scrub_wikitext drops empty formatting",
    method: "POST",
    path: () => "/localhost/v3/transform/html/to/wikitext",
    headers: JSON_HEADERS,
    body: json({ html: "<p>a<b></b> b</p>", scrub_wikitext: true }),
    status: 200,
    check: (_res, text) => expect(text).toBe("a b"),
  },
  {
    name: "html→wikitext without html: 400",
    method: "POST",
    path: () => "/localhost/v3/transform/html/to/wikitext",
    headers: JSON_HEADERS,
    body: json({}),
    status: 400,
    check: restError(/.+/, 400),
  },
  {
    name: "wikitext→lint with wikitext",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/lint",
    headers: JSON_HEADERS,
    body: json({ wikitext: "<center>x</center>" }),
    status: 200,
    contentType: JSON_CT,
    check: (_res, text) => expect(JSON.parse(text)[0].type).toBe("obsolete-tag"),
  },
  {
    name: "wikitext→lint with only a title: 307 to the latest revision",
    method: "POST",
    path: () => `/localhost/v3/transform/wikitext/to/lint/${TITLE}`,
    headers: JSON_HEADERS,
    body: json({}),
    status: 307,
    check: (res) => expect(res.headers.get("location")).toBe(`/w/rest.php/localhost/v3/transform/wikitext/to/lint/${TITLE}/${rev2}`),
  },
  {
    name: "wikitext→lint of a revision",
    method: "POST",
    path: () => `/localhost/v3/transform/wikitext/to/lint/${TITLE}/${rev2}`,
    headers: JSON_HEADERS,
    body: json({}),
    status: 200,
    check: (_res, text) => expect(JSON.parse(text).some((i: { type: string }) => i.type === "missing-end-tag")).toBe(true),
  },
  {
    name: "pagebundle→pagebundle with an unknown update: 400",
    method: "POST",
    path: () => `/localhost/v3/transform/pagebundle/to/pagebundle/${TITLE}/${rev1}`,
    headers: JSON_HEADERS,
    body: json({ updates: { bogus: true }, original: { html: "<p>x</p>" } }),
    status: 400,
    check: restError(/.+/, 400),
  },
  {
    name: "pagebundle→pagebundle variant on a wiki without variants: 400",
    method: "POST",
    path: () => `/localhost/v3/transform/pagebundle/to/pagebundle/${TITLE}/${rev1}`,
    headers: JSON_HEADERS,
    body: json({ updates: { variant: { source: "en", target: "en-x-piglatin" } }, original: { html: "<p>x</p>" } }),
    status: 400,
    check: restError("rest-variant-unsupported", 400),
  },
  {
    name: "an unknown input format: 400",
    method: "POST",
    path: () => "/localhost/v3/transform/markdown/to/html",
    headers: JSON_HEADERS,
    body: json({ wikitext: "x" }),
    status: 400,
  },
  {
    name: "malformed JSON: 400",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: JSON_HEADERS,
    body: () => "{",
    status: 400,
    check: restError(/.+/, 400),
  },
  {
    name: "a body of an unsupported content type: 415",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: { "content-type": "application/xml" },
    body: () => "<wikitext>x</wikitext>",
    status: 415,
    check: restError(/.+/, 415),
  },
  {
    name: "wikitext over MAX_WIKITEXT_BYTES: 413",
    method: "POST",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    headers: JSON_HEADERS,
    body: json({ wikitext: "x".repeat(100_001) }),
    status: 413,
    check: restError("rest-content-too-large", 413),
  },
  {
    name: "HTML over MAX_HTML_BYTES: 413",
    method: "POST",
    path: () => "/localhost/v3/transform/html/to/wikitext",
    headers: JSON_HEADERS,
    body: json({ html: `<p>${"x".repeat(200_001)}</p>` }),
    status: 413,
  },
  {
    name: "GET on a transform route: 405",
    path: () => "/localhost/v3/transform/wikitext/to/html",
    status: 405,
  },
];

const v1Cases: Case[] = [
  {
    name: "v1 GET without oldid redirects to ?oldid=latest keeping other parameters",
    path: () => "/localwiki/Matrix%2FPage?x=1",
    status: 302,
    check: (res) => {
      expect(res.headers.get("deprecation")).toBe("true");
      expect(res.headers.get("location")).toBe(`/w/rest.php/localwiki/Matrix%2FPage?x=1&oldid=${rev2}`);
    },
  },
  {
    name: "v1 GET ?oldid renders that revision",
    path: () => `/localwiki/Matrix%2FPage?oldid=${rev1}`,
    status: 200,
    contentType: HTML_CT,
    check: (res, text) => {
      expect(res.headers.get("deprecation")).toBe("true");
      expect(text).toMatch(/<b[^>]*>bold<\/b>/);
    },
  },
  {
    name: "v1 POST wt → HTML (body only with the body flag)",
    method: "POST",
    path: () => "/localwiki/Sandbox",
    body: form({ wt: "# one", body: "1" }),
    status: 200,
    check: (_res, text) => expect(text).toMatch(/^<section data-mw-section-id="0"[^>]*><ol[^>]*><li[^>]*>one<\/li><\/ol><\/section>$/),
  },
  {
    name: "v1 POST html + oldid → wikitext, selectively",
    method: "POST",
    path: () => "/localwiki/Matrix%2FPage",
    body: async () => new URLSearchParams({ html: (await revisionHtml(rev1!)).replace("text.", "text!"), oldid: String(rev1) }),
    status: 200,
    check: (_res, text) => expect(text).toBe("== Heading ==\nFirst '''bold''' text!"),
  },
  {
    name: "v1 POST with neither wt nor html: 400",
    method: "POST",
    path: () => "/localwiki/Sandbox",
    body: form({ nothing: "here" }),
    status: 400,
    check: restError(/.+/, 400),
  },
  { name: "v1 with an unknown wiki id: 404", path: () => "/nosuchwiki/Main_Page", status: 404 },
  { name: "v1 with an unknown oldid: 404", path: () => "/localwiki/Matrix%2FPage?oldid=99999999", status: 404 },
];

const remoteCases: Case[] = [
  {
    name: "an allow-listed remote wiki: redirect to its latest revision",
    path: () => "/remote.example/v3/page/html/Remote_page",
    status: 302,
    check: (res) => expect(res.headers.get("location")).toBe(`/w/rest.php/remote.example/v3/page/html/Remote_page/${remoteRev}`),
  },
  {
    name: "an allow-listed remote wiki: rendered here from its action API",
    path: () => `/remote.example/v3/page/html/Remote_page/${remoteRev}?body_only=1`,
    status: 200,
    check: (_res, text) => expect(text).toMatch(/<b[^>]*>remote<\/b>/),
  },
  {
    name: "a remote wiki's unknown page: 404",
    path: () => "/remote.example/v3/page/html/Not_there",
    status: 404,
  },
  {
    name: "a loopback address as domain is not fetched: 400",
    path: () => `/${new URL(remote.url).host}/v3/page/html/Remote_page`,
    status: 400,
    check: restError("rest-unknown-domain", 400),
  },
];

async function run(c: Case): Promise<void> {
  const init: RequestInit = { method: c.method ?? "GET", redirect: "manual", headers: c.headers ?? {} };
  if (c.body) init.body = await c.body();
  const res = await fetch(url(c.path()), init);
  const text = res.status === 304 ? "" : await res.text();
  expect(res.status, `${c.name}: ${text.slice(0, 300)}`).toBe(c.status);
  expect(res.status).toBeLessThan(500);
  if (c.contentType !== undefined) {
    const type = res.headers.get("content-type") ?? "";
    if (typeof c.contentType === "string") expect(type).toBe(c.contentType);
    else expect(type).toMatch(c.contentType);
  }
  await c.check?.(res, text);
}

describe("conversion interface over HTTP: the route matrix", () => {
  describe("v3 page routes", () => {
    for (const c of pageCases) it(c.name, () => run(c));
  });
  describe("content negotiation and caching headers", () => {
    for (const c of negotiationCases) it(c.name, () => run(c));
  });
  describe("v3 transforms", () => {
    for (const c of transformCases) it(c.name, () => run(c));
  });
  describe("deprecated v1 routes", () => {
    for (const c of v1Cases) it(c.name, () => run(c));
  });
  describe("remote wikis", () => {
    for (const c of remoteCases) it(c.name, () => run(c));
  });

  it("page-bundle updates: redlinks and transclusions reflect the wiki's current state", async () => {
    const [rev] = await edit(local, "matrix-local-pw", { "Matrix updates": "{{Matrix greeting|you}} and [[Matrix later]]." });
    const bundle = await (await fetch(url(`/localhost/v3/page/pagebundle/Matrix_updates/${rev}`))).json();
    expect(bundle.html.body).toContain("Hello, you");
    await edit(local, "matrix-local-pw", { "Template:Matrix greeting": "Howdy, {{{1}}}", "Matrix later": "Now here." });
    const res = await fetch(url(`/localhost/v3/transform/pagebundle/to/pagebundle/Matrix_updates/${rev}`), {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ updates: { transclusions: true, redlinks: true }, original: { html: bundle.html, "data-parser": bundle["data-parser"] } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(BUNDLE_CT);
    const updated = await res.json();
    expect(updated.html.body).toContain("Howdy, you");
    expect(updated.html.body).not.toContain("redlink=1");
  });

  it("a conversion past the server's time budget answers 413, and the server keeps serving", async () => {
    const res = await fetch(`${remote.url}/w/rest.php/localhost/v3/transform/wikitext/to/html`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ wikitext: "* item with '''bold''' and [[a link]]\n".repeat(30_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).errorKey).toBe("parsoid-resource-limit-exceeded");
    const after = await fetch(`${remote.url}/w/api.php?action=query&meta=siteinfo&format=json`);
    expect(after.status).toBe(200);
  });
});
