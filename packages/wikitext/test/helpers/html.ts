// Converts and strips the per-node parse data, so tests read like the HTML a client sees.
import { wt2html, type Wt2HtmlOptions } from "../../src/index.js";
import { makeEnv } from "./env.js";

export async function html(wikitext: string, options: Wt2HtmlOptions = {}, env = makeEnv()): Promise<string> {
  const result = await wt2html(wikitext, env, { bodyOnly: true, ...options });
  return result.html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}
