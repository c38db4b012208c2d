// self-closed-tag from the tokenizer's records: `<span/>` on a tag that is not void. HTML5 reads
// the slash as nothing, so the element stays open (where Tidy and the legacy parser closed it).
// The lint covers the tag alone, so the record decides it without the tree; what the source
// around it says is only whether the tag is markup at all (not text in an extension body or in
// a table's attribute position).
import { ALLOWED_TAGS, VOID_TAGS } from "../../util/html-tags.js";
import type { LintContext } from "../context.js";
import { TagMarkup } from "../tag-markup.js";
import type { LintItem } from "../types.js";

/** `keep` says which source positions the records may decide (not those inside transclusions). */
export function selfClosedTagLints(ctx: LintContext, keep: (pos: number) => boolean = () => true): LintItem[] {
  const items: LintItem[] = [];
  // Void tags may be written self-closed; tags the sanitizer escapes stay text; extension tags
  // (and <pre>, which the engine reads as one) are not HTML elements at all.
  const candidates = ctx.lexical.selfClosedTags.filter(
    ({ name }) => !VOID_TAGS.has(name) && ALLOWED_TAGS.has(name) && name !== "pre" && !ctx.site.isExtensionTag(name),
  );
  if (candidates.length === 0) return items;
  const markup = new TagMarkup(ctx);
  for (const tag of candidates) {
    const name = tag.name;
    if (!keep(tag.start) || !markup.isMarkup(tag)) continue;
    const width = tag.end - tag.start;
    items.push({ type: "self-closed-tag", dsr: [tag.start, tag.end, width, 0], params: { name } });
  }
  return items;
}
