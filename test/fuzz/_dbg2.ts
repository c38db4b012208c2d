import { loadTokenizer, wt2html, html2wt } from "@wikiloom/wikitext";
import { campaignEnv } from "./campaigns.js";
await loadTokenizer();
const env = campaignEnv();
for (const wt of ["a &lt;<b>x</b>", "a &lt;<b>x</b> y", "&lt;<b>x</b>", "a &amp;<b>x</b>", "a &gt;<b>x</b>"]) {
  const html = (await wt2html(wt, env, { bodyOnly: true })).html;
  const e = html.replace(/^<p([^>]*)>a /, "<p$1>zz ");
  console.log(JSON.stringify(wt), "full:", JSON.stringify(await html2wt(html, env)), "selser:", JSON.stringify(await html2wt(e, env, { original: { wikitext: wt, html } })));
}
