import { html } from "../helpers/html.js";
console.log(JSON.stringify(await html("a\n\n\nb")));
try { const o = await html("*".repeat(10000) + " x"); console.log(o.length); } catch (e) { console.log((e as Error).stack?.slice(0, 800)); }
