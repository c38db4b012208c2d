// Per-stage CPU time over the shared corpus (which stage dominates).
import { readFileSync, readdirSync } from "node:fs";
import { loadTokenizer } from "../../src/index.js";
import { getTokenizer } from "../../src/tokenizer/load.js";
import { Grammar } from "../../src/tokenizer/grammar/state.js";
import { parseDocument } from "../../src/tokenizer/grammar/block.js";
import { transformIndentPre } from "../../src/transforms/indent-pre.js";
import { transformQuotes } from "../../src/transforms/quotes.js";
import { transformLists } from "../../src/transforms/lists.js";
import { transformSanitizer } from "../../src/transforms/sanitizer.js";
import { transformParagraphs } from "../../src/transforms/paragraphs.js";
import { buildTree } from "../../src/tree/builder.js";
import { pwrap } from "../../src/dom/passes/pwrap.js";
import { computeDsr } from "../../src/dom/passes/dsr.js";
import { markEmptyElements } from "../../src/dom/passes/empty-elements.js";
import { addLinkClasses } from "../../src/dom/passes/link-classes.js";
import { assignHeadingIds } from "../../src/dom/passes/heading-ids.js";
import { serializeChildren } from "../../src/output/serialize.js";
import { makeEnv } from "../helpers/env.js";
const dir = new URL("../../../../../shared/fixtures/corpus", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
await loadTokenizer();
const env = makeEnv();
const t = getTokenizer(); t.setRawTags(["nowiki", "pre"]);
const acc: Record<string, number> = {};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const time = <T>(k: string, f: () => T): T => { const t0 = cpu(); const r = f(); acc[k] = (acc[k] ?? 0) + cpu() - t0; return r; };
for (let pass = 0; pass < 5; pass++) {
  if (pass === 2) for (const k in acc) acc[k] = 0;
  for (const src of files) {
    const stream = time("wasm", () => t.tokenize(src));
    const g = time("grammar", () => { const g = Grammar.fromStream(src, stream, env); parseDocument(g); return g; });
    let tk = g.out;
    tk = time("pre", () => transformIndentPre(tk));
    tk = time("quotes", () => transformQuotes(tk));
    tk = time("lists", () => transformLists(tk));
    tk = time("sanitizer", () => transformSanitizer(tk));
    tk = time("pwrap", () => transformParagraphs(tk));
    const body = time("tree", () => buildTree(tk, src.length));
    time("d:pwrap", () => pwrap(body));
    time("d:dsr", () => computeDsr(body, src));
    time("d:empty", () => markEmptyElements(body));
    time("d:headings", () => assignHeadingIds(body));
    const t0 = cpu(); await addLinkClasses(body, env.data, "X"); acc["links"] = (acc["links"] ?? 0) + cpu() - t0;
    time("serialize", () => serializeChildren(body, { inlineDataParser: true }));
  }
}
const bytes = files.reduce((n, s) => n + s.length, 0) * 3;
for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(10), (v / 3).toFixed(0), "ms/pass", (bytes / 1e3 / v).toFixed(1), "MB/s");
const total = Object.values(acc).reduce((a, b) => a + b, 0);
console.log("TOTAL", (total / 3).toFixed(0), "ms/pass", (bytes / 1e3 / total).toFixed(1), "MB/s (CPU time)");
