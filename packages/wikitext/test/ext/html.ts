// Body HTML of a conversion in the extension test wiki, without the per-node parse data.
import { wt2html } from "../../src/index.js";
import { extEnv } from "./env.js";

export async function extHtml(wikitext: string, pages: Record<string, string> = {}): Promise<string> {
  const result = await wt2html(wikitext, extEnv(pages), { bodyOnly: true });
  return result.html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}
