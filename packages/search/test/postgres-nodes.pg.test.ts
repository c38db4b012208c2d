/**
 * Search on a PostgreSQL store (pg project only): two web nodes, each a store plus search in its
 * own right, share one PostgreSQL database and keep nothing on disk. Each node's index is derived
 * from the pages in PostgreSQL, so a node that starts later, or that did not see a save, answers
 * the same as the node that saved once it has caught up.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type User, type Wiki, type WikiStore } from "@wikiloom/wiki";
import { Title } from "@wikiloom/wikitext";
import { searchForStore, type StoreSearch } from "../src/index";

interface Node {
  store: WikiStore;
  search: StoreSearch;
  wiki: Wiki;
  admin: User;
  dir: string;
}

const opened: Node[] = [];

async function startNode(): Promise<Node> {
  const dir = mkdtempSync(path.join(tmpdir(), "wikiloom-pg-node-"));
  process.env.ADMIN_PASSWORD ??= "a password for the pg search nodes";
  const store = await openStore({ dataDir: dir });
  // Catch up on every request: the test decides when nodes meet, not a clock.
  const search = searchForStore(store, { resyncSeconds: 0 });
  const node = { store, search, dir, wiki: (await store.wikis.byPrefix("localwiki"))!, admin: (await store.users.byName("Admin"))! };
  opened.push(node);
  return node;
}

afterEach(async () => {
  for (const node of opened.splice(0)) {
    node.search.close();
    await node.store.close();
    rmSync(node.dir, { recursive: true, force: true });
  }
});

async function save(node: Node, title: string, text: string): Promise<number> {
  const parsed = Title.parse(title, await node.store.wikis.siteConfig(node.wiki));
  return (await node.store.pages.save({ wiki: node.wiki, title: parsed, text, user: node.admin })).page.id;
}

async function query(node: Node, pageId: number, input: { term?: string; filter?: string; sortings?: string }) {
  await node.search.ensureSynced(node.wiki);
  const answer = await node.search.search.search(await node.search.ref(node.wiki), { pageId, ...input });
  const hits = JSON.parse(answer.result.hits) as { _source: { subject: { title: string } } }[];
  return { titles: hits.map((hit) => hit._source.subject.title), total: (answer.result.total as { value: number }).value };
}

describe("search over a PostgreSQL store", () => {
  it("runs on PostgreSQL and keeps no index file on the node", async () => {
    const node = await startNode();
    expect(node.store.database.kind).toBe("postgres");
    expect(node.search.search.db.name).toBe(":memory:");
    expect(existsSync(node.store.databaseFile)).toBe(false);
    // The data folder holds no database of any kind (only the admin password file, if any).
    expect(readdirSync(node.dir).filter((name) => /\.db/.test(name))).toEqual([]);
  });

  it("answers the same on a node that did not see the saves, and follows later edits and deletions", async () => {
    const a = await startNode();
    await save(a, "Property:Rating", "[[Has type::Number]]");
    await save(a, "Widget", "A fine widget. [[Kind::Tool]] [[Rating::9]]");
    await save(a, "Gadget", "A gadget for widgets. [[Kind::Toy]] [[Rating::10]]");
    await save(a, "Gizmo", "{{#set:Kind=Tool|Rating=4.5}} Small gizmo.");
    const config = await save(a, "Product search", "{{#wikisearchconfig:Kind|?Rating}}");

    const byRating = JSON.stringify([{ type: "property", property: "Rating", order: "desc" }]);
    const onA = await query(a, config, { term: "widget", sortings: byRating });
    expect(onA.titles).toEqual(["Gadget", "Widget"]);

    // A second node starts afterwards: its index is built from PostgreSQL alone.
    const b = await startNode();
    expect(await query(b, config, { term: "widget", sortings: byRating })).toEqual(onA);
    const tools = JSON.stringify([{ key: "Kind", value: "Tool" }, { key: "Rating", range: { gte: 5 } }]);
    expect((await query(b, config, { filter: tools })).titles).toEqual(["Widget"]);

    // Writes on one node reach the other's index at its next catch-up.
    await save(b, "Widget", "A fine widget, now rated higher. [[Kind::Tool]] [[Rating::12]]");
    await save(b, "Doohickey", "Another widget. [[Kind::Tool]] [[Rating::7]]");
    expect((await query(a, config, { term: "widget", sortings: byRating })).titles).toEqual(["Widget", "Gadget", "Doohickey"]);
    const gizmo = Title.parse("Gizmo", await a.store.wikis.siteConfig(a.wiki));
    await a.store.pages.delete({ wiki: a.wiki, title: gizmo, user: a.admin, reason: "gone" });
    const allTools = JSON.stringify([{ key: "Kind", value: "Tool" }]);
    expect((await query(b, config, { filter: allTools })).titles.sort()).toEqual(["Doohickey", "Widget"]);
  });
});
