import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createPlatformHandler, type Handler } from "../src/index.js";
import { TestApiClient } from "./support/api-client.js";

const ORIGIN = "http://127.0.0.1:3000";
const HTML_PROFILE = "https://www.mediawiki.org/wiki/Specs/HTML";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
let pageRev1: number;
let pageRev2: number;
let otherRev: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-conversion-"));
  process.env.ADMIN_PASSWORD = "conversion-admin-pw";
  store = await openStore({ dataDir });
  handler = createPlatformHandler(
    { store, secret: "s" },
    { conversionLimits: { maxWikitextBytes: 50_000, maxHtmlBytes: 100_000 } },
  );
  const admin = new TestApiClient(handler, ORIGIN);
  await admin.login("Admin", "conversion-admin-pw");
  const token = await admin.csrf();
  pageRev1 = (await admin.post({ action: "edit", title: "Conversion test/Sub", text: "== Heading ==\nFirst '''bold''' text.", token })).body.edit.newrevid;
  pageRev2 = (await admin.post({ action: "edit", title: "Conversion test/Sub", text: "== Heading ==\nSecond text with [[Main Page]].", token })).body.edit.newrevid;
  otherRev = (await admin.post({ action: "edit", title: "Other page", text: "Other", token })).body.edit.newrevid;
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request(`${ORIGIN}/w/rest.php${pathname}`, { headers }));
}

function post(pathname: string, body: BodyInit, contentType: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (contentType) h["content-type"] = contentType;
  return handler(new Request(`${ORIGIN}/w/rest.php${pathname}`, { method: "POST", body, headers: h }));
}

const TITLE = "Conversion_test%2FSub";

describe("GET /{domain}/v3/page/{format}/{title}/{revision?}", () => {
  it("redirects to the latest revision, keeping the query string", async () => {
    const res = await get(`/localhost/v3/page/html/${TITLE}?body_only=true`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/w/rest.php/localhost/v3/page/html/${TITLE}/${pageRev2}?body_only=true`);
  });

  it("renders a revision as an HTML document with the spec profile and an ETag", async () => {
    const res = await get(`/localhost/v3/page/html/${TITLE}/${pageRev1}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(`text/html; charset=utf-8; profile="${HTML_PROFILE}/2.8.0"`);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toMatch(/<b[^>]*>bold<\/b>/);
    expect(html).toMatch(/<h2[^>]*>\s*Heading\s*<\/h2>/);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(new RegExp(`^"${pageRev1}/`));
    const again = await get(`/localhost/v3/page/html/${TITLE}/${pageRev1}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("renders only the body with body_only", async () => {
    const html = await (await get(`/localhost/v3/page/html/${TITLE}/${pageRev2}?body_only=true`)).text();
    expect(html).not.toContain("<html");
    expect(html).toContain("Second text with");
    expect(html).toContain('rel="mw:WikiLink"');
  });

  it("answers a page bundle with the parse data split out", async () => {
    const res = await get(`/localhost/v3/page/pagebundle/${TITLE}/${pageRev1}`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json; charset=utf-8; profile=".*\/pagebundle\/2\.8\.0"$/);
    const bundle = await res.json();
    expect(bundle.html.headers["content-type"]).toBe(`text/html; charset=utf-8; profile="${HTML_PROFILE}/2.8.0"`);
    expect(bundle["data-parser"].headers["content-type"]).toMatch(/data-parser\/2\.8\.0/);
    expect(bundle.html.body).not.toContain("data-parser=");
    const ids = Object.keys(bundle["data-parser"].body.ids);
    expect(ids.length).toBeGreaterThan(0);
    expect(bundle.html.body).toContain(`id="${ids[0]}"`);
  });

  it("answers the wikitext of a revision", async () => {
    const res = await get(`/localhost/v3/page/wikitext/${TITLE}/${pageRev1}`);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8; profile=".*\/wikitext\/1\.0\.0"$/);
    expect(await res.text()).toBe("== Heading ==\nFirst '''bold''' text.");
  });

  it("answers 404 for unknown pages, unknown revisions and revisions of other pages", async () => {
    const missing = await get("/localhost/v3/page/html/No_such_page");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorKey: "rest-nonexistent-title", httpCode: 404 });
    expect((await get(`/localhost/v3/page/html/${TITLE}/999999`)).status).toBe(404);
    expect((await get(`/localhost/v3/page/html/${TITLE}/${otherRev}`)).status).toBe(404);
  });

  it("answers 400 for bad formats, revisions, titles and unknown domains", async () => {
    const badFormat = await get(`/localhost/v3/page/pdf/${TITLE}/${pageRev1}`);
    expect(badFormat.status).toBe(400);
    expect(await badFormat.json()).toMatchObject({ error: "parameter-validation-failed", name: "format", value: "pdf" });
    expect((await get(`/localhost/v3/page/html/${TITLE}/abc`)).status).toBe(400);
    expect((await get("/localhost/v3/page/html/Bad%5Btitle")).status).toBe(400);
    const unknown = await get(`/elsewhere.example/v3/page/html/${TITLE}/${pageRev1}`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errorKey).toBe("rest-unknown-domain");
  });

  it("answers 405 for other methods", async () => {
    const res = await handler(new Request(`${ORIGIN}/w/rest.php/localhost/v3/page/html/${TITLE}/${pageRev1}`, { method: "DELETE" }));
    expect(res.status).toBe(405);
  });
});

describe("content negotiation", () => {
  let url = "";
  beforeAll(() => {
    url = `/localhost/v3/page/html/${TITLE}/${pageRev1}`;
  });
  const accept = (version: string, q?: number) => `text/html; charset=utf-8; profile="${HTML_PROFILE}/${version}"${q === undefined ? "" : `; q=${q}`}`;

  it("serves profiles our version satisfies under caret semantics", async () => {
    expect((await get(url, { accept: accept("2.0.0") })).status).toBe(200);
    expect((await get(url, { accept: accept("2.8.0") })).status).toBe(200);
    expect((await get(url, { accept: "*/*" })).status).toBe(200);
  });

  it("answers 406 for profiles it cannot satisfy", async () => {
    const res = await get(url, { accept: accept("3.0.0") });
    expect(res.status).toBe(406);
    expect((await res.json()).errorKey).toBe("rest-not-acceptable");
    expect((await get(url, { accept: accept("2.9.0") })).status).toBe(406);
  });

  it("falls through a list by quality", async () => {
    expect((await get(url, { accept: `${accept("3.0.0")}, ${accept("2.1.0", 0.5)}` })).status).toBe(200);
    expect((await get(url, { accept: `${accept("2.1.0", 0.2)}, ${accept("4.0.0", 0.9)}` })).status).toBe(200);
  });

  it("negotiates on transforms too", async () => {
    const res = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ wikitext: "x" }), "application/json", { accept: accept("1.0.0") });
    expect(res.status).toBe(406);
  });
});

describe("POST /{domain}/v3/transform/wikitext/to/{html|pagebundle}", () => {
  it("converts JSON, form and multipart bodies", async () => {
    const json = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ wikitext: "''hi''", body_only: true }), "application/json");
    expect(json.status).toBe(200);
    expect(await json.text()).toMatch(/<i[^>]*>hi<\/i>/);
    const form = await post("/localhost/v3/transform/wikitext/to/html/Sandbox", new URLSearchParams({ wikitext: "* item", body_only: "true" }), "application/x-www-form-urlencoded");
    expect(await form.text()).toMatch(/<ul[^>]*><li[^>]*>\s*item<\/li><\/ul>/);
    const data = new FormData();
    data.set("wikitext", "----");
    data.set("body_only", "1");
    const multipart = await handler(new Request(`${ORIGIN}/w/rest.php/localhost/v3/transform/wikitext/to/html`, { method: "POST", body: data }));
    expect(await multipart.text()).toMatch(/<hr[^>]*\/?>/);
  });

  it("fetches the source when only a title (and revision) is given", async () => {
    const latest = await post(`/localhost/v3/transform/wikitext/to/html/${TITLE}`, JSON.stringify({ body_only: true }), "application/json");
    expect(await latest.text()).toContain("Second text");
    const byRevision = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ original: { title: "Conversion test/Sub", revid: pageRev1 }, body_only: true }), "application/json");
    expect(await byRevision.text()).toContain("First");
    const form = await post("/localhost/v3/transform/wikitext/to/html", new URLSearchParams({ "original[title]": "Conversion test/Sub", "original[revid]": String(pageRev1), body_only: "1" }), "application/x-www-form-urlencoded");
    expect(await form.text()).toContain("First");
  });

  it("answers a page bundle", async () => {
    const res = await post("/localhost/v3/transform/wikitext/to/pagebundle", JSON.stringify({ wikitext: "Hello" }), "application/json");
    const bundle = await res.json();
    expect(bundle.html.body).toMatch(/^<!DOCTYPE html>/);
    expect(bundle["data-parser"].body.ids).toBeTypeOf("object");
  });

  it("answers clear 4xx errors for bad bodies", async () => {
    expect((await post("/localhost/v3/transform/wikitext/to/html", "{", "application/json")).status).toBe(400);
    expect((await post("/localhost/v3/transform/wikitext/to/html", "x", "text/csv")).status).toBe(415);
    const noSource = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({}), "application/json");
    expect(noSource.status).toBe(400);
    const wrongType = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ wikitext: 42 }), "application/json");
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ error: "parameter-validation-failed", name: "wikitext" });
    const badOriginal = await post("/localhost/v3/transform/wikitext/to/html", new URLSearchParams({ original: "{nope" }), "application/x-www-form-urlencoded");
    expect(badOriginal.status).toBe(400);
    const huge = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ wikitext: "x".repeat(60_000) }), "application/json");
    expect(huge.status).toBe(413);
    const badFrom = await post("/localhost/v3/transform/json/to/html", JSON.stringify({ wikitext: "x" }), "application/json");
    expect(badFrom.status).toBe(400);
  });

  it("keeps cookie requests out of shared caches and echoes x-request-id", async () => {
    const res = await post("/localhost/v3/transform/wikitext/to/html", JSON.stringify({ wikitext: "x" }), "application/json", { cookie: "a=b", "x-request-id": "conv-1" });
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("x-request-id")).toBe("conv-1");
  });
});

describe("POST /{domain}/v3/transform/{html|pagebundle}/to/wikitext", () => {
  const json = (body: unknown) => JSON.stringify(body);

  it("serializes plain HTML to wikitext", async () => {
    const res = await post("/localhost/v3/transform/html/to/wikitext", json({ html: "<p>Hello <b>world</b></p>" }), "application/json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8; profile=".*wikitext\/1\.0\.0"$/);
    expect(await res.text()).toBe("Hello '''world'''");
  });

  it("keeps unedited parts byte-identical when the revision is known (selective serialization)", async () => {
    const html = await (await get(`/localhost/v3/page/html/${TITLE}/${pageRev2}`)).text();
    const edited = html.replace("Second text with", "Edited text with");
    expect(edited).not.toBe(html);
    const res = await post(`/localhost/v3/transform/html/to/wikitext/${TITLE}/${pageRev2}`, json({ html: edited }), "application/json");
    expect(await res.text()).toBe("== Heading ==\nEdited text with [[Main Page]].");
  });

  it("wraps sections, and an edit in one section leaves the others' odd spacing alone", async () => {
    const admin = new TestApiClient(handler, ORIGIN);
    await admin.login("Admin", "conversion-admin-pw");
    const source = "Intro  text.\n\n== A ==\nText  in   A.\n\n==B==\n*  x\n*y\n\n=== C ===\n{|\n|  cell\n|}";
    const rev = (await admin.post({ action: "edit", title: "Sectioned", text: source, token: await admin.csrf() })).body.edit.newrevid;
    const html = await (await get(`/localhost/v3/page/html/Sectioned/${rev}`)).text();
    expect(html).toMatch(/<section data-mw-section-id="0"[^>]*>/);
    expect(html).toMatch(/<section data-mw-section-id="1"[^>]*>/);
    expect(html).toMatch(/<section data-mw-section-id="3"[^>]*>/);
    const edited = html.replace("Text  in   A.", "Text  in   A, edited.");
    expect(edited).not.toBe(html);
    const res = await post(`/localhost/v3/transform/html/to/wikitext/Sectioned/${rev}`, JSON.stringify({ html: edited }), "application/json");
    expect(await res.text()).toBe(source.replace("Text  in   A.", "Text  in   A, edited."));
  });

  it("round-trips an unchanged page bundle to the original wikitext", async () => {
    const bundle = await (await get(`/localhost/v3/page/pagebundle/${TITLE}/${pageRev1}`)).json();
    const res = await post(
      "/localhost/v3/transform/pagebundle/to/wikitext",
      json({ html: bundle.html, "data-parser": bundle["data-parser"], original: { title: "Conversion test/Sub", revid: pageRev1 } }),
      "application/json",
    );
    expect(await res.text()).toBe("== Heading ==\nFirst '''bold''' text.");
  });

  it("answers 400 without html and 413 for oversized html", async () => {
    expect((await post("/localhost/v3/transform/html/to/wikitext", json({}), "application/json")).status).toBe(400);
    expect((await post("/localhost/v3/transform/html/to/wikitext", json({ html: "<p>x</p>".repeat(20_000) }), "application/json")).status).toBe(413);
    expect((await post("/localhost/v3/transform/html/to/html", json({ html: "<p>x</p>" }), "application/json")).status).toBe(400);
  });
});

describe("POST /{domain}/v3/transform/pagebundle/to/pagebundle (updates)", () => {
  it("recomputes red links against current page existence", async () => {
    const admin = new TestApiClient(handler, ORIGIN);
    await admin.login("Admin", "conversion-admin-pw");
    const token = await admin.csrf();
    const rev = (await admin.post({ action: "edit", title: "Linking page", text: "See [[Later page]] and [[Main Page]].", token })).body.edit.newrevid;
    const bundle = await (await get(`/localhost/v3/page/pagebundle/Linking_page/${rev}`)).json();
    expect(bundle.html.body).toMatch(/href="\.\/Later_page\?action=edit&amp;redlink=1"[^>]*class="new"/);

    await admin.post({ action: "edit", title: "Later page", text: "Now it exists.", token });
    const res = await post(
      "/localhost/v3/transform/pagebundle/to/pagebundle/Linking_page",
      JSON.stringify({ updates: { redlinks: true }, original: { html: bundle.html, "data-parser": bundle["data-parser"] } }),
      "application/json",
    );
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.html.body).toMatch(/<a [^>]*href="\.\/Later_page"/);
    expect(updated.html.body).not.toContain("redlink=1");
    expect(updated.html.body).not.toMatch(/class="new"/);
    expect(updated.html.body).toMatch(/^<!DOCTYPE html>/);
    expect(updated["data-parser"].body).toEqual(bundle["data-parser"].body);
  });

  it("re-expands transclusions with the current template versions", async () => {
    const admin = new TestApiClient(handler, ORIGIN);
    await admin.login("Admin", "conversion-admin-pw");
    const token = await admin.csrf();
    await admin.post({ action: "edit", title: "Template:Greeting", text: "Hello, {{{1|nobody}}}", token });
    const rev = (await admin.post({ action: "edit", title: "Greeted page", text: "Intro.\n\n{{Greeting|world}}", token })).body.edit.newrevid;
    const bundle = await (await get(`/localhost/v3/page/pagebundle/Greeted_page/${rev}`)).json();
    expect(bundle.html.body).toContain("Hello, world");

    await admin.post({ action: "edit", title: "Template:Greeting", text: "Bonjour, {{{1|personne}}}", token });
    const updates = { transclusions: true };
    const byRevision = await post(
      `/localhost/v3/transform/pagebundle/to/pagebundle/Greeted_page/${rev}`,
      JSON.stringify({ updates, original: { html: bundle.html, "data-parser": bundle["data-parser"] } }),
      "application/json",
    );
    expect(byRevision.status).toBe(200);
    const updated = await byRevision.json();
    expect(updated.html.body).toContain("Bonjour, world");
    expect(updated.html.body).not.toContain("Hello");
    expect(updated.html.body).toMatch(/typeof="mw:Transclusion"/);
    expect(updated.html.headers["content-type"]).toMatch(/profile="https:\/\/www\.mediawiki\.org\/wiki\/Specs\/HTML\/2\.8\.0"/);
    // Node ids in the HTML and the parse data agree.
    for (const id of Object.keys(updated["data-parser"].body.ids)) expect(updated.html.body).toContain(`id="${id}"`);

    // The source may come with the request instead of a revision.
    const bySource = await post(
      "/localhost/v3/transform/pagebundle/to/pagebundle/Greeted_page",
      JSON.stringify({ updates, original: { wikitext: "{{Greeting}}", html: bundle.html } }),
      "application/json",
    );
    expect((await bySource.json()).html.body).toContain("Bonjour, personne");
  });

  it("refreshes media in place (page-bundle update media)", async () => {
    const admin = new TestApiClient(handler, ORIGIN);
    await admin.login("Admin", "conversion-admin-pw");
    const rev = (await admin.post({ action: "edit", title: "Media page", text: "Text.\n\n[[File:Nowhere.jpg|thumb|Cap]]", token: await admin.csrf() })).body.edit.newrevid;
    const bundle = await (await get(`/localhost/v3/page/pagebundle/Media_page/${rev}`)).json();
    const res = await post(
      `/localhost/v3/transform/pagebundle/to/pagebundle/Media_page/${rev}`,
      JSON.stringify({ updates: { media: true }, original: { html: bundle.html, "data-parser": bundle["data-parser"] } }),
      "application/json",
    );
    expect(res.status).toBe(200);
    const updated = await res.json();
    // This wiki has no file store: the file is (still) missing, and the caption and text survive.
    expect(updated.html.body).toContain('typeof="mw:Error mw:File/Thumb"');
    expect(updated.html.body).toMatch(/<p id="mw[^"]+">Text\.<\/p>/);
  });

  it("converts a bundle to a language variant on a wiki whose language has variants", async () => {
    await store.wikis.create({ prefix: "srwiki", domain: "sr.localhost", siteName: "Srwiki", lang: "sr" });
    const rendered = await post(
      "/sr.localhost/v3/transform/wikitext/to/pagebundle/Sandbox",
      JSON.stringify({ wikitext: "Zdravo -{svete}-, [http://example.com tekst] i <nowiki>lj</nowiki>." }),
      "application/json",
    );
    expect(rendered.status).toBe(200);
    const bundle = await rendered.json();
    expect(bundle.html.body).toContain('typeof="mw:LanguageVariant"');
    const send = (variant: unknown) =>
      post("/sr.localhost/v3/transform/pagebundle/to/pagebundle/Sandbox", JSON.stringify({ updates: { variant }, original: bundle }), "application/json");
    const res = await send({ source: null, target: "sr-Cyrl" });
    expect(res.status).toBe(200);
    const converted = await res.json();
    expect(converted.html.headers["content-language"]).toBe("sr-Cyrl");
    // Text converted; the protected word shown as written; a link's text converted, its URL not; nowiki kept.
    expect(converted.html.body).toMatch(/Здраво <span typeof="mw:LanguageVariant"[^>]*>svete<\/span>, <a [^>]*href="http:\/\/example.com"[^>]*>текст<\/a> и <span typeof="mw:Nowiki"[^>]*>lj<\/span>\./);
    expect(converted["data-parser"]).toEqual(bundle["data-parser"]);
    const unsupported = await send({ target: "sr-xx" });
    expect(unsupported.status).toBe(400);
    expect((await unsupported.json()).errorKey).toBe("rest-variant-unsupported");
    expect((await send({})).status).toBe(400);
  });

  it("answers in the variant Accept-Language asks for, when the wiki converts to it", async () => {
    const render = (acceptLanguage?: string) =>
      post("/sr.localhost/v3/transform/wikitext/to/html/Sandbox", JSON.stringify({ wikitext: "Здраво -{свете}-", body_only: true }), "application/json", acceptLanguage ? { "accept-language": acceptLanguage } : {});
    const latin = await render("de;q=0.9, sr-Latn, en;q=0.5");
    expect(latin.headers.get("content-language")).toBe("sr-Latn");
    expect(latin.headers.get("vary")).toBe("Accept-Language");
    expect(await latin.text()).toMatch(/^<section[^>]*><p[^>]*>Zdravo <span typeof="mw:LanguageVariant"[^>]*>свете<\/span><\/p>/);
    for (const header of [undefined, "sr", "de, en", "sr-xx"]) {
      const plain = await render(header);
      expect(plain.headers.get("content-language")).toBe("sr");
      expect(await plain.text()).toContain("Здраво");
    }
    // A wiki without variants does not vary by language.
    const en = await post("/localhost/v3/transform/wikitext/to/html/Sandbox", JSON.stringify({ wikitext: "x" }), "application/json", { "accept-language": "sr-el" });
    expect(en.headers.get("content-language")).toBe("en");
    expect(en.headers.get("vary")).toBeNull();
  });

  it("refuses updates it cannot apply with clear 4xx errors", async () => {
    const bundle = { html: { headers: {}, body: "<p>x</p>" } };
    const send = (updates: unknown) =>
      post("/localhost/v3/transform/pagebundle/to/pagebundle/Sandbox", JSON.stringify({ updates, original: bundle }), "application/json");
    const variant = await send({ variant: { source: "en", target: "en-x-piglatin" } });
    expect(variant.status).toBe(400);
    expect((await variant.json()).errorKey).toBe("rest-variant-unsupported");
    expect((await send({ bogus: true })).status).toBe(400);
    expect((await send({})).status).toBe(400);
    const noSource = await send({ transclusions: true });
    expect(noSource.status).toBe(400);
    expect((await noSource.json()).name).toBe("original.revid");
  });
});

describe("request time limit", () => {
  it("stops a conversion that runs past its time budget with a 413 in MediaWiki's error shape", async () => {
    const hurried = createPlatformHandler(
      { store, secret: "s" },
      { conversionLimits: { maxWikitextBytes: 10_000_000, maxHtmlBytes: 10_000_000, maxConversionMs: 1 } },
    );
    // Tokenizing and building a megabyte of markup takes far longer than a millisecond.
    const wikitext = "* item with '''bold''' and [[a link]]\n".repeat(30_000);
    const res = await hurried(
      new Request(`${ORIGIN}/w/rest.php/localhost/v3/transform/wikitext/to/html`, {
        method: "POST",
        body: JSON.stringify({ wikitext }),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.errorKey).toBe("parsoid-resource-limit-exceeded");
    expect(body.httpCode).toBe(413);
    expect(body.messageTranslations.en).toMatch(/time limit/);
  });
});

describe("lint", () => {
  it("lints a page revision, redirecting to the latest one first", async () => {
    const admin = new TestApiClient(handler, ORIGIN);
    await admin.login("Admin", "conversion-admin-pw");
    const rev = (await admin.post({ action: "edit", title: "Lint me", text: "é <div>unclosed\n<center>old</center>", token: await admin.csrf() })).body.edit.newrevid;
    const redirect = await get("/localhost/v3/page/lint/Lint_me");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`/w/rest.php/localhost/v3/page/lint/Lint_me/${rev}`);
    const res = await get(`/localhost/v3/page/lint/Lint_me/${rev}`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const items = await res.json();
    const types = items.map((i: { type: string }) => i.type);
    expect(types).toContain("missing-end-tag");
    expect(types).toContain("obsolete-tag");
    const missing = items.find((i: { type: string }) => i.type === "missing-end-tag");
    expect(missing.params.name).toBe("div");
    expect(missing.dsr[0]).toBe(2);
    const bytes = await (await get(`/localhost/v3/page/lint/Lint_me/${rev}?offsetType=byte`)).json();
    expect(bytes.find((i: { type: string }) => i.type === "missing-end-tag").dsr[0]).toBe(3);
    expect((await get(`/localhost/v3/page/lint/Lint_me/${rev}?offsetType=words`)).status).toBe(400);
  });

  it("lints posted wikitext, and redirects (307) to the latest revision when only a title is given", async () => {
    const res = await post("/localhost/v3/transform/wikitext/to/lint", JSON.stringify({ wikitext: "<b>x" }), "application/json");
    expect(res.status).toBe(200);
    const items = await res.json();
    expect(items).toEqual([expect.objectContaining({ type: "missing-end-tag", dsr: [0, 4, 3, 0] })]);
    expect(await (await post("/localhost/v3/transform/wikitext/to/lint", JSON.stringify({ wikitext: "fine" }), "application/json")).json()).toEqual([]);
    const redirect = await post("/localhost/v3/transform/wikitext/to/lint/Lint_me", JSON.stringify({}), "application/json");
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get("location")!;
    expect(location).toMatch(/\/transform\/wikitext\/to\/lint\/Lint_me\/\d+$/);
    const followed = await post(location.replace("/w/rest.php", ""), JSON.stringify({}), "application/json");
    expect((await followed.json()).length).toBeGreaterThan(0);
  });
});

describe("deprecated v1 routes", () => {
  it("redirects to the latest revision keeping other parameters, then renders it", async () => {
    const res = await get(`/localwiki/${TITLE}?foo=bar`);
    expect(res.status).toBe(302);
    expect(res.headers.get("deprecation")).toBe("true");
    const location = res.headers.get("location")!;
    expect(location).toBe(`/w/rest.php/localwiki/${TITLE}?foo=bar&oldid=${pageRev2}`);
    const html = await get(location.replace("/w/rest.php", ""));
    expect(html.status).toBe(200);
    expect(html.headers.get("deprecation")).toBe("true");
    expect(await html.text()).toContain("Second text");
  });

  it("converts posted wikitext to HTML, body only with the body flag", async () => {
    const full = await post("/localwiki/Sandbox", new URLSearchParams({ wt: "'''x'''" }), "application/x-www-form-urlencoded");
    expect(await full.text()).toMatch(/<!DOCTYPE html>[\s\S]*<b[^>]*>x<\/b>/);
    const body = await post("/localwiki/Sandbox", new URLSearchParams({ wt: "'''x'''", body: "1" }), "application/x-www-form-urlencoded");
    const text = await body.text();
    expect(text).not.toContain("<html");
    expect(text).toMatch(/<b[^>]*>x<\/b>/);
  });

  it("converts posted HTML to wikitext, selectively with oldid", async () => {
    const plain = await post("/localwiki/Sandbox", new URLSearchParams({ html: "<p>Hi <i>there</i></p>" }), "application/x-www-form-urlencoded");
    expect(plain.headers.get("deprecation")).toBe("true");
    expect(await plain.text()).toBe("Hi ''there''");
    const html = await (await get(`/localhost/v3/page/html/${TITLE}/${pageRev1}`)).text();
    const selective = await post(`/localwiki/${TITLE}`, new URLSearchParams({ html, oldid: String(pageRev1) }), "application/x-www-form-urlencoded");
    expect(await selective.text()).toBe("== Heading ==\nFirst '''bold''' text.");
  });

  it("answers 404 for unknown wiki ids and 400 without wt or html", async () => {
    expect((await get("/nowiki/Foo")).status).toBe(404);
    expect((await post("/localwiki/Sandbox", new URLSearchParams({}), "application/x-www-form-urlencoded")).status).toBe(400);
  });
});
