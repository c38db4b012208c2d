// Prints the body HTML of one corpus article (eyeballing output).
import { readFileSync } from "node:fs";
import { wt2html } from "../../src/index.js";
import { makeEnv } from "../helpers/env.js";
const s = readFileSync(process.argv[2]!, "utf8");
const r = await wt2html(s, makeEnv(), { bodyOnly: true, inlineDataParser: false });
console.log(s.slice(0, Number(process.argv[3] ?? 600)));
console.log("-----");
console.log(r.html.slice(0, Number(process.argv[4] ?? 2500)));
