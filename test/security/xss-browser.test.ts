// The sanitizer's output rendered in Chromium: for every known XSS vector (through wikitext,
// templates and HTML input) the page runs no script. A probe in the page replaces alert,
// confirm, prompt and print and defines the xssProbe sentinel the vectors call; native dialogs
// (e.g. from a frame with its own window) and requests to the exfiltration host are watched
// from outside. After loading, every element gets the events handlers listen for, links are
// clicked (navigation away is prevented, so a script URL would run in the page), and elements
// are focused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { loadTokenizer } from "@wikiloom/wikitext";
import { launchBrowser, type LaunchedBrowser } from "../support/browser.js";
import { EXFIL_HOST, XSS_VECTORS } from "./xss-vectors.js";
import { renderVector } from "./xss-checks.js";

const PROBE = `
window.__xssHits = [];
const hit = (what) => (...args) => { window.__xssHits.push(what + "(" + args.join(",") + ")"); };
window.alert = hit("alert"); window.confirm = hit("confirm"); window.prompt = hit("prompt");
window.print = hit("print"); window.xssProbe = hit("xssProbe");
// Clicking a link must not navigate away (the page would lose the probe), but script URLs have
// to be let through: they run in this page, which is what the check looks for. The scheme is
// the browser's own parse (tabs and newlines inside it are already dropped); other schemes
// never run script here (Chromium blocks top-level data: navigation).
addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href], area[href]") : null;
  if (link && link.protocol.toLowerCase() !== "javascript:") event.preventDefault();
}, true);
addEventListener("submit", (event) => event.preventDefault(), true);
`;

/** Fires the events inline handlers and script URLs wait for, on every element. */
async function exercise(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events = ["mouseover", "mouseenter", "mousemove", "mousedown", "mouseup", "mouseout", "click", "dblclick", "contextmenu",
      "focus", "focusin", "blur", "keydown", "keyup", "input", "change", "load", "error", "toggle", "animationstart", "transitionend",
      "pointerover", "pointerdown", "wheel", "scroll", "copy", "paste", "drag", "drop", "start", "begin", "end"];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      for (const type of events) el.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
      if (el instanceof HTMLElement) {
        el.focus();
        el.click();
      }
    }
  });
  // Handlers queued by the events (and animations, lazy loads) get a moment to run.
  await page.waitForTimeout(20);
}

let browser: LaunchedBrowser;
let page: Page;
const dialogs: string[] = [];
const exfiltrations: string[] = [];
const navigations: string[] = [];
const PAGE_URL = "http://wikiloom.test/wiki/Xss_test";
let pageBody = "";
const BATCH = 16;

beforeAll(async () => {
  await loadTokenizer();
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  // The page is served from a wiki-like origin (relative links resolve as on a real wiki);
  // nothing else leaves the machine: every other request is recorded and refused.
  await browser.context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url === PAGE_URL) return route.fulfill({ contentType: "text/html; charset=utf-8", body: pageBody });
    if (url.includes(EXFIL_HOST)) exfiltrations.push(url);
    await route.abort();
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && frame.url() !== PAGE_URL) navigations.push(frame.url());
  });
  browser.context.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Loads `body` under the probe, exercises it, and returns everything that ran. */
async function runInPage(body: string): Promise<string[]> {
  dialogs.length = 0;
  exfiltrations.length = 0;
  navigations.length = 0;
  pageBody = `<!DOCTYPE html><html><head><meta charset="utf-8"><script>${PROBE}</script></head><body>${body}</body></html>`;
  await page.goto(PAGE_URL, { waitUntil: "load" });
  let hits: string[];
  try {
    await exercise(page);
    hits = await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits);
  } catch (error) {
    // Content that navigates the page away is itself a failure (a refresh or form can carry script).
    hits = [`page lost: ${(error as Error).message.split("\n")[0]}`];
  }
  return [...hits, ...dialogs.map((d) => `dialog ${d}`), ...exfiltrations.map((u) => `request ${u}`), ...navigations.map((u) => `navigated to ${u}`)];
}

describe("sanitizer output in Chromium", () => {
  it("the probe notices script that runs (a control page without sanitizing)", { timeout: 60_000 }, async () => {
    const ran = await runInPage(
      '<img src="x" onerror="xssProbe()"><div onmouseover="alert(1)">x</div><a href="javascript:confirm(2)">y</a>' +
        '<iframe srcdoc="<script>alert(3)</script>"></iframe><div style="background:url(http://xss.invalid/c)">z</div>' +
        '<a href="jav&#x09;ascript:prompt(4)">w</a><a href="./Safe_page">v</a>',
    );
    expect(ran).toEqual(expect.arrayContaining(["xssProbe()", "alert(1)", "confirm(2)", "dialog alert: 3", `request http://${EXFIL_HOST}/c`, "prompt(4)"]));
    expect(ran.filter((r) => r.startsWith("navigated"))).toEqual([]);
  });

  it("a batch where script ran names the culprit", { timeout: 60_000 }, async () => {
    const pages = Array.from({ length: BATCH + 3 }, (_, i) => ({ name: `page ${i}`, html: i === BATCH + 1 ? '<b onmouseover="xssProbe(7)">x</b>' : `<p>safe ${i}</p>` }));
    expect(await pagesWhereScriptRan(pages)).toEqual([`page ${BATCH + 1}: xssProbe(7)`]);
  });

  it(`runs no script for any of the ${XSS_VECTORS.length} vectors`, { timeout: 120_000 }, async () => {
    const rendered = await Promise.all(XSS_VECTORS.map((vector) => renderVector(vector)));
    const failures = await pagesWhereScriptRan(rendered.map((r) => ({ name: `${r.vector.name} (wikitext ${JSON.stringify(r.wikitext)})`, html: r.html })));
    expect(failures).toEqual([]);
  });
});

/**
 * Pages share a browser page in batches (each in its own div); a batch where anything ran is
 * replayed page by page to name the culprit.
 */
async function pagesWhereScriptRan(pages: ReadonlyArray<{ name: string; html: string }>): Promise<string[]> {
  const failures: string[] = [];
  for (let start = 0; start < pages.length; start += BATCH) {
    const batch = pages.slice(start, start + BATCH);
    if ((await runInPage(batch.map((p) => `<div>${p.html}</div>`).join("\n"))).length === 0) continue;
    for (const { name, html } of batch) {
      const ran = await runInPage(html);
      if (ran.length > 0) failures.push(`${name}: ${ran.join(", ")}`);
    }
  }
  return failures;
}
