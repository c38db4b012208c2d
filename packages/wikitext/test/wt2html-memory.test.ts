import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { wt2html, type PageExistence } from "../src/index.js";
import type { Token } from "../src/tokenizer/tokens.js";
import { transformLists } from "../src/transforms/lists.js";
import { makeEnv } from "./helpers/env.js";

// Test workers run without --expose-gc: the flag can still be set at run time, and a new
// context created after it sees the gc() function.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Heap the conversion of `body` keeps alive while its DOM passes run, per input character. The
 * page ends with a wiki link, so the link-class pass asks the wiki whether its target exists: at
 * that moment the tree is built and none of the earlier stages' data is needed any more. A full
 * collection there leaves exactly what the conversion still holds.
 */
async function liveBytesPerCharDuringPasses(body: string): Promise<number> {
  const source = `${body}\n\n[[Main Page]]`;
  const env = makeEnv();
  const existence = env.data.getPageExistence.bind(env.data);
  let live = -1;
  let base = 0;
  env.data.getPageExistence = async (titles: readonly string[]): Promise<Map<string, PageExistence>> => {
    gc();
    live = process.memoryUsage().heapUsed - base;
    return existence(titles);
  };
  gc();
  gc();
  base = process.memoryUsage().heapUsed;
  await wt2html(source, env);
  expect(live).toBeGreaterThan(0);
  return live / source.length;
}

/** Heap that `make()`'s result holds, per `units` (a full collection before and after). */
function retainedBytesPer(units: number, make: () => unknown): number {
  gc();
  gc();
  const base = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  const bytes = process.memoryUsage().heapUsed - base;
  expect(kept).toBeDefined();
  return bytes / units;
}

// The conversion tests run first, on a cold engine: whether a local variable of a suspended async
// function keeps its value alive can depend on how far V8 has optimized it, and the first run is
// the one that holds the most.
describe("wt2html memory on pathological inputs", () => {
  it("holds no token of a deeply nested list once its tree is built", async () => {
    // 10 lines nested 2000 levels deep: 40,000 elements. The tree alone takes ~760 bytes per
    // input character (each level is a list and an item, with their parse data); the tokens they
    // were built from took ~500 more and stayed alive until the end of the conversion.
    const lines = Array.from({ length: 10 }, (_, i) => `${(i % 2 ? "*#:" : "#*;").repeat(667)} item ${i}`);
    expect(await liveBytesPerCharDuringPasses(lines.join("\n"))).toBeLessThan(1000);
  });

  it("gives unclosed inline tags compact child lists and drops their tokens", async () => {
    // 40,000 nested <b>, each holding its text and the next <b>: ~92 bytes per character now.
    // Kept tokens added ~40 and two-child lists grown by push (19 slots each) ~30.
    expect(await liveBytesPerCharDuringPasses("<b>a ".repeat(40_000))).toBeLessThan(110);
  });

  it("writes deep list levels with shared end tag data and attribute lists", () => {
    // Ten items nested 3000 levels deep, as the grammar hands them over: a list and an item tag
    // open per level, both closed at the line's end. Their tokens live until tree building has
    // consumed them, next to the growing tree. A start tag with its parse data is ~150 bytes and
    // an end tag ~50 (~430 per level); own empty attribute lists and parse data for every end
    // tag made that ~690.
    const depth = 3000;
    const items: Token[] = [];
    for (let i = 0; i < 10; i++) {
      const bullets = (i % 2 ? "*#:" : "#*;").repeat(depth / 3);
      const start = i * (depth + 1);
      items.push({ type: "listitem", bullets, start, end: start + depth });
      items.push({ type: "nl", start: start + depth, end: start + depth + 1 });
    }
    expect(retainedBytesPer(10 * depth, () => transformLists(items))).toBeLessThan(550);
  });
});
