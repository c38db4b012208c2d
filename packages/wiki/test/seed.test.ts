import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Title } from "@wikiloom/wikitext";
import { openStore, type WikiStore } from "../src/index";
import { tempDir } from "./helpers";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function withEnv(value: string | undefined): void {
  const previous = process.env.ADMIN_PASSWORD;
  if (value === undefined) delete process.env.ADMIN_PASSWORD;
  else process.env.ADMIN_PASSWORD = value;
  cleanups.push(() => {
    if (previous === undefined) delete process.env.ADMIN_PASSWORD;
    else process.env.ADMIN_PASSWORD = previous;
  });
}

async function open(dir: string, log?: (line: string) => void): Promise<WikiStore> {
  const store = await openStore({ dataDir: dir, ...(log ? { log } : {}) });
  cleanups.push(() => store.close());
  return store;
}

function scratch(): string {
  const dir = tempDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("first-start seed", () => {
  it("creates the demo wiki, its pages and the Admin account", async () => {
    withEnv("a strong admin password");
    const store = await open(scratch());
    const wikis = await store.wikis.list();
    expect(wikis).toHaveLength(1);
    const wiki = wikis[0]!;
    expect(wiki).toMatchObject({ prefix: "localwiki", domain: "localhost", siteName: "Wikiloom Demo", lang: "en" });
    expect(await store.wikis.byDomain("LOCALHOST")).toEqual(wiki);

    const admin = (await store.users.verifyPassword("Admin", "a strong admin password"))!;
    expect(admin.name).toBe("Admin");
    expect(admin.groups.sort()).toEqual(["event-organizer", "sysop"]);

    const main = await store.pages.list(wiki, { namespace: 0 });
    expect(main.map((p) => p.title)).toEqual(expect.arrayContaining(["Main Page", "Community Meetup Berlin"]));
    const templates = await store.pages.list(wiki, { namespace: 10 });
    expect(templates.map((p) => p.title)).toEqual(["Template:Greeting"]);
    const events = await store.pages.list(wiki, { namespace: 1728 });
    expect(events.map((p) => p.title)).toEqual(["Event:Wikiloom Launch Meetup"]);
    const properties = await store.pages.list(wiki, { namespace: 102 });
    expect(properties.map((p) => p.title).sort()).toEqual(["Property:Has date", "Property:Has location"]);

    const access = store.dataAccess(wiki);
    expect((await access.getPageSource("Template:Greeting"))!.source).toContain("{{{1|friend}}}");
    const semantic = (await access.getPageSource("Community Meetup Berlin"))!.source;
    expect(semantic).toContain("[[Has location::Berlin]]");
    expect(semantic).toContain("{{#set:Has date=2026-05-01");
    const mainPage = (await access.getPageSource("Main Page"))!.source;
    expect(mainPage).toMatch(/^== .+ ==$/m);
    expect(mainPage).toContain("{{Greeting|");

    const history = await store.pages.history(wiki, Title.parse("Main Page", await store.wikis.siteConfig(wiki)));
    expect(history).toHaveLength(1);
    expect(history[0]!.userName).toBe("Admin");
  });

  it("is idempotent: reopening changes nothing", async () => {
    withEnv("a strong admin password");
    const dir = scratch();
    const store = await open(dir);
    const wiki = (await store.wikis.byPrefix("localwiki"))!;
    const before = await store.pages.list(wiki, { namespace: 0 });
    await store.close();

    const lines: string[] = [];
    const again = await open(dir, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(await again.wikis.list()).toHaveLength(1);
    expect(await again.pages.list(wiki, { namespace: 0 })).toEqual(before);
  });

  it("generates the admin password once, stores it with mode 0600 and reports it", async () => {
    withEnv(undefined);
    const dir = scratch();
    const lines: string[] = [];
    const store = await open(dir, (line) => lines.push(line));
    const file = path.join(dir, "admin-password");
    const password = readFileSync(file, "utf8").trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.includes(password))).toBe(true);
    expect(await store.users.verifyPassword("Admin", password)).not.toBeNull();
    await store.close();

    // Reopening neither regenerates nor prints it again.
    const quiet: string[] = [];
    await open(dir, (line) => quiet.push(line));
    expect(readFileSync(file, "utf8").trim()).toBe(password);
    expect(quiet.join("\n")).not.toContain(password);
  });

  it("reuses a stored password file when the database is rebuilt", async () => {
    withEnv(undefined);
    const dir = scratch();
    writeFileSync(path.join(dir, "admin-password"), "kept from before 123\n", { mode: 0o644 });
    const store = await open(dir);
    expect(await store.users.verifyPassword("Admin", "kept from before 123")).not.toBeNull();
    expect(statSync(path.join(dir, "admin-password")).mode & 0o777).toBe(0o600);
  });

  it("takes ADMIN_PASSWORD from the environment and writes no file", async () => {
    withEnv("from the environment");
    const dir = scratch();
    const store = await open(dir);
    expect(await store.users.verifyPassword("Admin", "from the environment")).not.toBeNull();
    expect(() => statSync(path.join(dir, "admin-password"))).toThrow();
  });

  it("does not seed when asked not to", async () => {
    const dir = scratch();
    const store = await openStore({ dataDir: dir, seed: false });
    cleanups.push(() => store.close());
    expect(await store.wikis.list()).toEqual([]);
    expect(await store.users.byName("Admin")).toBeNull();
  });
});
