// template-arg-in-extension-tag: `{{{arg}}}` inside an extension tag whose content is not
// preprocessed, so the argument is never substituted (only meaningful outside templates).
import type { LintContext } from "../context.js";

/** Extension tags that take their content as wikitext-ish data without expanding arguments. */
const CHECKED_EXTENSION_TAGS = new Set(["gallery"]);
const TEMPLATE_NAMESPACE = 10;

export function checkTemplateArgsInExtensionTags(ctx: LintContext): void {
  if (pageNamespace(ctx) === TEMPLATE_NAMESPACE) return;
  const { startTags, endTags, templateArgs } = ctx.lexical;
  if (templateArgs.length === 0) return;
  for (const open of startTags) {
    if (!CHECKED_EXTENSION_TAGS.has(open.name) || !ctx.site.isExtensionTag(open.name)) continue;
    if (ctx.source[open.end - 2] === "/") continue;
    const close = endTags.find((t) => t.name === open.name && t.start >= open.end);
    if (!close) continue;
    const args = templateArgs.filter((a) => a.start >= open.end && a.end <= close.start);
    if (args.length === 0) continue;
    ctx.add("template-arg-in-extension-tag", [open.start, close.end, open.end - open.start, close.end - close.start], {
      "ext-name": open.name,
      details: args.map((a) => ctx.source.slice(a.start, a.end)),
    });
  }
}

function pageNamespace(ctx: LintContext): number {
  const title = ctx.page.title;
  const colon = title.indexOf(":");
  if (colon <= 0) return 0;
  return ctx.site.namespaceId(title.slice(0, colon)) ?? 0;
}
