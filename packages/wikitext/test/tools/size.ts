import { readFileSync, readdirSync } from "node:fs";
import { wt2dom, serializeChildren } from "../../src/index.js";
import { walkElements } from "../../src/dom/node.js";
import { makeEnv } from "../helpers/env.js";
const dir = "/work/shared/fixtures/corpus";
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
let els = 0, texts = 0, inLen = 0, outLen = 0, outNoDp = 0, depthMax = 0;
const names = new Map<string, number>();
for (const s of files) {
  const body = await wt2dom(s, makeEnv());
  walkElements(body, (e) => { els++; names.set(e.name, (names.get(e.name) ?? 0) + 1); texts += e.children.filter((c) => c.kind === "text").length; });
  inLen += s.length;
  outLen += serializeChildren(body, { inlineDataParser: true }).length;
  outNoDp += serializeChildren(body, { inlineDataParser: false }).length;
}
console.log({ els, texts, inLen, outLen, outNoDp });
console.log([...names].sort((a, b) => b[1] - a[1]).slice(0, 15));
