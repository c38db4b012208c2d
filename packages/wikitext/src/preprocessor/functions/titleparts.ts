// {{#titleparts:title|count|first}}: '/'-separated segments of a normalised title, with PHP
// array_slice semantics for negative counts and offsets (at most 25 segments).
import { Title } from "../../env/title.js";
import type { ParserFunction } from "./types.js";

/** PHP array_slice($array, $offset, $length ?: null). */
export function phpArraySlice<T>(items: readonly T[], offset: number, length: number | null): T[] {
  const n = items.length;
  let start = offset < 0 ? Math.max(n + offset, 0) : Math.min(offset, n);
  let end = length === null ? n : length < 0 ? Math.max(n + length, start) : Math.min(start + length, n);
  if (end < start) end = start;
  return items.slice(start, end);
}

const MAX_SEGMENTS = 25;

export const titlepartsFunction: ParserFunction = {
  name: "titleparts",
  hash: true,
  async call(ctx) {
    const parts = parseInt(ctx.args[0] ? await ctx.args[0].whole() : "0", 10) || 0;
    let offset = parseInt(ctx.args[1] ? await ctx.args[1].whole() : "0", 10) || 0;
    const title = Title.tryParse(ctx.first, ctx.env.site);
    if (!title) return ctx.first;
    const all = title.prefixedText.split("/");
    // explode() with a limit keeps the rest in the last piece.
    const bits = all.length > MAX_SEGMENTS ? [...all.slice(0, MAX_SEGMENTS - 1), all.slice(MAX_SEGMENTS - 1).join("/")] : all;
    if (offset > 0) offset--;
    return phpArraySlice(bits, offset, parts === 0 ? null : parts).join("/");
  },
};
