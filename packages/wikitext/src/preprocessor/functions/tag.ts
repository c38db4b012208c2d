// {{#tag:name|content|attr=value...}}: writes the tag as markup, so that extension tags built
// this way reach the tag handlers like written ones and other tags go through the sanitizer.
import { killMarkers } from "./php-text.js";
import type { ParserFunction } from "./types.js";

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export const tagFunction: ParserFunction = {
  name: "tag",
  hash: true,
  async call(ctx) {
    if (!ctx.hasFirst) return "";
    const name = killMarkers(ctx.first, ctx.env.site.extensionTags()).trim().toLowerCase();
    const [contentArg, ...attrArgs] = ctx.args;
    const inner = contentArg ? await contentArg.expanded() : null;
    let attrs = "";
    for (const arg of attrArgs) {
      if (!arg.isNamed) continue;
      let value = await arg.value();
      // Quotes around a value are the writer's, not part of the value.
      const quoted = /^(?:["'](.+)["']|""|'')$/s.exec(value);
      if (quoted) value = quoted[1] ?? "";
      attrs += ` ${escapeAttribute(await arg.name())}="${escapeAttribute(value)}"`;
    }
    return inner === null ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
  },
};
