// Profiles tokenizer + grammar alone over the corpus (run with --cpu-prof).
import { readFileSync, readdirSync } from "node:fs";
import { loadTokenizer } from "../../src/index.js";
import { getTokenizer } from "../../src/tokenizer/load.js";
import { Grammar } from "../../src/tokenizer/grammar/state.js";
import { parseDocument } from "../../src/tokenizer/grammar/block.js";
import { makeEnv } from "../helpers/env.js";
const dir = new URL("../../../../../shared/fixtures/corpus", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
await loadTokenizer();
const env = makeEnv();
const t = getTokenizer();
t.setRawTags(["nowiki", "pre"]);
for (let pass = 0; pass < 10; pass++) for (const src of files) parseDocument(Grammar.fromStream(src, t.tokenize(src), env));
