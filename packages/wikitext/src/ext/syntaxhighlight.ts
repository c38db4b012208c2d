// `<syntaxhighlight lang="x">` and its old name `<source>`: the code as preformatted text (or
// inline code with `inline`) in a block carrying the language class, as SyntaxHighlight's
// markup has it. The code is never parsed; no colouring is applied.
import { attr, text } from "../tokenizer/tokens.js";
import type { ExtensionHandler } from "./types.js";
import { wrapperTokens } from "./output.js";
import { startTag, endTag } from "../tokenizer/tokens.js";

export const syntaxHighlight: ExtensionHandler = {
  names: ["syntaxhighlight", "source"],
  render(call) {
    const lang = (call.attrs.find((a) => a.name === "lang")?.value ?? "text").toLowerCase().replace(/[^a-z0-9_+#.-]/g, "") || "text";
    const inline = call.attrs.some((a) => a.name === "inline" || (a.name === "enclose" && a.value === "none"));
    const code = (call.body ?? "").replace(/^\n+|\n+$/g, "");
    const codeText = code ? [text(code, call.bodyStart, call.bodyStart + (call.body?.length ?? 0))] : [];
    const cls = `mw-highlight mw-highlight-lang-${lang} mw-content-ltr`;
    if (inline) return wrapperTokens(call, "code", codeText, { attrs: [attr("class", cls), attr("dir", "ltr")] });
    return wrapperTokens(call, "div", [startTag("pre", []), ...codeText, endTag("pre")], { attrs: [attr("class", cls), attr("dir", "ltr")] });
  },
};
