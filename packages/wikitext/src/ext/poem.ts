// `<poem>`: wikitext whose line breaks are kept. As in the Poem extension, the body's lines
// become `<br>`-separated lines (leading spaces kept as no-break spaces, `:` indents as indented
// spans, `----` as a rule), then the result is parsed as wikitext inside `<div class="poem">`.
import { attr } from "../tokenizer/tokens.js";
import { sanitizeAttributes } from "../transforms/sanitizer.js";
import type { ExtensionHandler } from "./types.js";
import { wrapperTokens } from "./output.js";

export const poem: ExtensionHandler = {
  names: ["poem"],
  render(call, ctx) {
    const user = sanitizeAttributes("div", call.attrs).attrs;
    const cls = ["poem", user.find((a) => a.name === "class")?.value ?? ""].filter(Boolean).join(" ");
    const attrs = [attr("class", cls), ...user.filter((a) => a.name !== "class")];
    const body = call.body === null ? "" : poemWikitext(call.body);
    const fragment = body ? ctx.fragment(body, "block") : undefined;
    return wrapperTokens(call, "div", [], { attrs, ...(fragment ? { fragment } : {}) });
  },
};

export function poemWikitext(body: string): string {
  const lines = body.replace(/^\n/, "").replace(/\n$/, "").split("\n");
  return lines
    .map((line, i) => {
      let out = line;
      const indent = /^(:+)(.+)$/.exec(out);
      if (indent) out = `<span class="mw-poem-indented" style="display: inline-block; margin-inline-start: ${indent[1]!.length}em;">${indent[2]}</span>`;
      else if (/^-{4,}$/.test(out)) return "<hr />";
      out = out.replace(/^ +/, (spaces) => "&#160;".repeat(spaces.length));
      return i < lines.length - 1 && !/^-{4,}$/.test(lines[i + 1] ?? "") ? `${out}<br />` : out;
    })
    .join("\n");
}
