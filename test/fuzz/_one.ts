import { loadTokenizer, wt2html, html2wt } from "@wikiloom/wikitext";
import { campaignEnv } from "./campaigns.js";
await loadTokenizer();
const env = campaignEnv();
const wt = JSON.parse(process.argv[2]!);
const { html } = await wt2html(wt, env, { bodyOnly: true });
console.log(html);
