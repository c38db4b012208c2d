// The offline PWA in Debian's Chromium against a started server: the service worker installs and
// precaches the shell; a signed-in user opens a page, an event and a search online; offline, the
// cached page renders from the worker, an edit shows the worker's preview and lint, the cached
// search documents answer a facet, and an event registration is queued; back online both writes
// reach the server (checked over HTTP). Screenshots of each main view go to test-artifacts/pwa/.
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Tokenizer } from "@wikiloom/wasm";
import { readTokenizerWasm } from "@wikiloom/wasm/node";
import { launchBrowser, type LaunchedBrowser } from "../support/browser.js";
import { startServer, type RunningServer } from "../support/server.js";
import { buildWorld, EVENT_PAGE, PAGE, SEARCH_CONFIG, serverParticipants, serverWikitext, type PwaWorld } from "./pwa-world.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ARTIFACTS = path.join(root, "test-artifacts/pwa");
const ADMIN_PASSWORD = "e2e-pwa-admin-password";

let server: RunningServer;
let browser: LaunchedBrowser;
let context: BrowserContext;
let page: Page;
let world: PwaWorld;
const browserLog: string[] = [];
let onlineTotal = "";

const hashOf = (title: string) => encodeURIComponent(title.replace(/ /g, "_"));

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Writes a file whole or not at all (a server may be reading it meanwhile). */
function replaceFile(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

async function open(hash: string): Promise<void> {
  await page.evaluate((target) => (location.hash = target), hash);
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ ADMIN_PASSWORD });
  world = await buildWorld(server.url, ADMIN_PASSWORD);
  browser = await launchBrowser({ viewport: { width: 1100, height: 800 } });
  context = browser.context;
  page = context.pages()[0] ?? (await context.newPage());
  // Fail on the step that is stuck, well within the test's own time limit.
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (error) => browserLog.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") browserLog.push(`console ${message.type()}: ${message.text()}`);
  });
}, 120_000);

afterEach(async (test) => {
  // The browser's own complaints and the screen explain most failures: keep them with the failed test.
  if (test.task.result?.state === "fail") {
    if (browserLog.length > 0) console.log(browserLog.join("\n"));
    await page?.screenshot({ path: path.join(ARTIFACTS, `failed-${test.task.name.replace(/\W+/g, "-").slice(0, 60)}.png`), fullPage: true }).catch(() => undefined);
  }
  browserLog.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the PWA in Chromium", () => {
  it("installs its service worker, precaches the shell and is installable", async () => {
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // Reload under the service worker, so the page and its conversion worker are controlled.
    await page.reload();
    await page.waitForSelector("header h1");
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(["/index.html", "/pwa/app.js", "/pwa/worker.js", "/pwa/tokenizer.wasm", "/manifest.webmanifest"]));
    const cdp = await context.newCDPSession(page);
    const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installability.installabilityErrors.map((error) => error.errorId)).toEqual([]);
    await cdp.detach();
  });

  it("runs the server's tokenizer.wasm in a browser worker, token for token", async () => {
    const text = "== Heading ==\n* item with [[Link|label]] and {{Template|x=1}}\n<ref name=a>note</ref>\n{| class=t\n| cell\n|}";
    // A source string: vitest rewrites dynamic imports in functions, which the page cannot run.
    const probe = (await page.evaluate(`import("/pwa/harness.js").then(async (harness) => {
      const worker = harness.startConversionWorker();
      try {
        return await worker.api.probeTokenizer(${JSON.stringify(text)});
      } finally {
        worker.terminate();
      }
    })`)) as { digest: string; words: number[]; count: number };
    const bytes = await readTokenizerWasm();
    const { createHash } = await import("node:crypto");
    expect(probe.digest).toBe(createHash("sha256").update(bytes).digest("hex"));
    const inNode = (await Tokenizer.instantiate(bytes)).tokenize(text);
    expect(probe.count).toBe(inNode.count);
    expect(probe.words).toEqual([...inNode.words]);
  });

  it("logs in and opens a page, an event and a search online", async () => {
    await open("#/login");
    await page.fill("#login-name", world.user.name);
    await page.fill("#login-password", world.user.password);
    await page.click("button[type=submit]");
    await page.waitForSelector(`[data-testid=user-name]:has-text("${world.user.name}")`);

    await open(`#/page/${hashOf(PAGE)}`);
    await page.waitForSelector(".page-content .badge");
    expect(await page.textContent("[data-testid=page-origin]")).toContain("server");
    await shot("page-online");

    await open(`#/event/${world.eventId}`);
    await page.waitForSelector(`#event-heading:has-text("${EVENT_PAGE.replace(/^Event:/, "")}")`);
    // The organizer view: the event's creator is listed, participants (none yet) are shown.
    await page.waitForSelector("h3:has-text('Organizers') + ul li:has-text('Admin')");
    await page.waitForSelector("h3:has-text('Participants (0)')");
    await shot("event-online");

    await open(`#/search/${hashOf(SEARCH_CONFIG)}`);
    await page.waitForSelector("[data-testid=search-total]:has-text('from the server')");
    onlineTotal = (await page.textContent("[data-testid=search-total]"))!.replace(/\(.*$/, "").trim();
    expect(onlineTotal).toMatch(/^\d+ results$/);
    await page.waitForSelector("[data-facet=Building]:has-text('Annex (2)')");
    await shot("search-online");

    // Let the sync bring the opened page, the event and the search documents into IndexedDB.
    await open("#/sync");
    await page.click("text=Sync now");
    await page.waitForFunction(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("wikiloom");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const count = (store: string) => new Promise<number>((resolve) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
      const ready = (await count("pages")) > 0 && (await count("templates")) > 0 && (await count("events")) > 0 && (await count("searchDocs")) >= 3;
      db.close();
      return ready;
    }, undefined, { timeout: 20_000, polling: 250 });
  });

  it("works offline: cached page from the worker, live preview and lint, facet search, queued registration", async () => {
    await context.setOffline(true);
    await page.waitForSelector("[data-testid=online-state]:has-text('Offline')");

    await open(`#/page/${hashOf(PAGE)}`);
    await page.waitForSelector("[data-testid=page-origin]:has-text('worker')");
    // The template came from the local copy too.
    expect(await page.textContent(".page-content .badge")).toBe("[offline]");
    await shot("page-offline");

    await open(`#/edit/${hashOf(PAGE)}`);
    await page.waitForSelector("#wikitext");
    const edited = "Edited offline: '''bold''' and <b>an unclosed tag\n\n{{Badge|queued}}";
    await page.fill("#wikitext", edited);
    await page.waitForSelector("[data-testid=preview] .badge:has-text('[queued]')");
    await page.waitForSelector("[data-lint-type=missing-end-tag]");
    await page.click("[data-lint-type=missing-end-tag]");
    const selection = await page.$eval("#wikitext", (area) => {
      const text = area as HTMLTextAreaElement;
      return text.value.slice(text.selectionStart, text.selectionEnd);
    });
    expect(selection.startsWith("<b>")).toBe(true);
    await shot("edit-offline");
    await page.fill("#summary", "offline edit");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=the edit is queued");

    await open(`#/search/${hashOf(SEARCH_CONFIG)}`);
    await page.waitForSelector("[data-testid=search-total]:has-text('offline copy')");
    // The same documents offline as on the server.
    expect(await page.textContent("[data-testid=search-total]")).toContain(onlineTotal);
    await page.click("[data-facet=Building]:has-text('Annex')");
    await page.waitForSelector("[data-testid=search-total]:has-text('2 results')");
    const hits = await page.$$eval("[data-testid=search-hits] a", (links) => links.map((a) => a.textContent));
    expect(hits.sort()).toEqual(["Room 12", "Room 7"]);
    await shot("search-offline");

    await open(`#/event/${world.eventId}`);
    await page.waitForSelector("button:has-text('Register')");
    await page.click("button:has-text('Register')");
    await page.waitForSelector("text=Registration queued");
    await shot("event-offline");
  });

  it("syncs the queued edit and registration when back online", async () => {
    await context.setOffline(false);
    const deadline = Date.now() + 30_000;
    let text: string | null = null;
    let participants: Array<{ user_name?: string; private: boolean }> = [];
    while (Date.now() < deadline) {
      text = await serverWikitext(world.admin, PAGE);
      participants = await serverParticipants(world.admin, world.eventId);
      if (text?.startsWith("Edited offline") && participants.some((p) => p.user_name === world.user.name)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(text).toBe("Edited offline: '''bold''' and <b>an unclosed tag\n\n{{Badge|queued}}");
    expect(participants.map((p) => p.user_name)).toContain(world.user.name);
    await open("#/sync");
    await page.waitForSelector("[data-testid=queue] [data-status=applied]");
    expect(await page.$$eval("[data-testid=queue] li", (items) => items.map((item) => item.getAttribute("data-status")))).toEqual(["applied", "applied"]);
    await shot("sync");
  });

  it("shows an edit conflict with the server's text and saves on top of it when asked", async () => {
    await open(`#/edit/${hashOf(PAGE)}`);
    await page.waitForSelector("#wikitext");
    // Someone else saves while the user edits.
    const saved = await world.admin.action({ action: "edit", title: PAGE, text: "Changed on the server meanwhile.", token: await world.admin.token() }, "POST");
    expect(saved.edit.result).toBe("Success");
    await page.fill("#wikitext", "My concurrent text.");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=Edit conflict");
    expect(await page.inputValue("textarea[aria-label=\"The server's version\"]")).toBe("Changed on the server meanwhile.");
    await shot("edit-conflict");
    await page.click("text=Keep my text");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=Saved (revision");
    expect(await serverWikitext(world.admin, PAGE)).toBe("My concurrent text.");
  });

  it("offers the update when a new version is deployed and reloads into it", async () => {
    // A new deployment, as the browser's update check sees it: a service worker script that
    // differs. (Playwright's routing does not see service worker script fetches, so the built
    // file itself changes for the moment, and is put back after.)
    const swFile = path.join(root, "apps/web/public/sw.js");
    const deployed = readFileSync(swFile, "utf8");
    const { atime, mtime } = statSync(swFile);
    replaceFile(swFile, `${deployed}\n// the next deployment\n`);
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await page.waitForSelector("text=A new version of Wikiloom is ready");
      await shot("update-offer");
      await Promise.all([page.waitForEvent("load"), page.click("text=Reload to update")]);
      await page.waitForSelector("header h1");
      const registration = await page.evaluate(async () => {
        const current = await navigator.serviceWorker.getRegistration();
        return { waiting: current?.waiting ?? null, active: current?.active?.state, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(registration).toEqual({ waiting: null, active: "activated", controlled: true });
      expect(await page.isVisible("text=A new version of Wikiloom is ready")).toBe(false);
    } finally {
      replaceFile(swFile, deployed);
      // Its old time too: a newer public file would make the next run rebuild the web app.
      utimesSync(swFile, atime, mtime);
    }
  });
});
