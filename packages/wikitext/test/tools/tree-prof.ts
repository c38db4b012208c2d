// Profiles tree building alone over the corpus (run with --cpu-prof).
import { readFileSync, readdirSync } from "node:fs";
import { loadTokenizer } from "../../src/index.js";
import { getTokenizer } from "../../src/tokenizer/load.js";
import { Grammar } from "../../src/tokenizer/grammar/state.js";
import { parseDocument } from "../../src/tokenizer/grammar/block.js";
import { transformParagraphs } from "../../src/transforms/paragraphs.js";
import { transformQuotes } from "../../src/transforms/quotes.js";
import { transformLists } from "../../src/transforms/lists.js";
import { buildTree } from "../../src/tree/builder.js";
import { makeEnv } from "../helpers/env.js";
const dir = new URL("../../../../../shared/fixtures/corpus", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
await loadTokenizer();
const env = makeEnv();
const t = getTokenizer();
t.setRawTags(["nowiki", "pre"]);
const streams = files.map((src) => {
  const g = Grammar.fromStream(src, t.tokenize(src), env);
  parseDocument(g);
  return [src, transformParagraphs(transformLists(transformQuotes(g.out)))] as const;
});
for (let pass = 0; pass < 10; pass++) for (const [src, tokens] of streams) buildTree(tokens, src.length);
