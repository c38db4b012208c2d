import { WikiSearch } from "./src/index";
const s = new WikiSearch({ databaseFile: "/tmp/bench100k.db" });
const wiki = { id: 1, prefix: "benchwiki", normalizeTitle: (t: string) => t, namespaceName: () => "" };
const words = (s.db.prepare("SELECT word FROM search_vocabulary LIMIT 50 OFFSET 1000").all() as {word: string}[]).map(r => r.word);
for (const w of words.slice(0, 12)) {
  const t1 = performance.now();
  const a = await s.search(wiki, { pageId: 6, term: w, filter: JSON.stringify([{ key: "Kind", value: "Tool" }, { key: "Rating", range: { gte: 20, lte: 60 } }]) });
  const t2 = performance.now();
  console.log(w, JSON.stringify(a.result.total), "full", (t2 - t1).toFixed(1));
}
s.close();
