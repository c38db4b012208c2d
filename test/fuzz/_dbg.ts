import { loadTokenizer, wt2html } from "@wikiloom/wikitext";
import { campaignEnv } from "./campaigns.js";
import * as P from "./properties.js";
await loadTokenizer();
const env = campaignEnv();
const wt = JSON.parse(process.argv[2]!);
const html = (await wt2html(wt, env, { bodyOnly: true })).html;
try { await P.checkSelserEdit(wt, html, env, Number(process.argv[3])); console.log("ok"); } catch (e) { console.log((e as P.PropertyFailure).details, (e as Error).message); }
import { htmlToDom, normalizeDom } from "../../packages/wikitext/src/html2wt/index.js";
import { computeRanges } from "../../packages/wikitext/src/html2wt/selser/ranges.js";
const b = htmlToDom(html); normalizeDom(b, { scrub: false });
const r = computeRanges(b, wt);
for (const c of b.children) console.log(c.kind, c.kind === "element" ? c.name : JSON.stringify(c.value), r.get(c), c.kind === "element" ? c.dp?.dsr : "");
