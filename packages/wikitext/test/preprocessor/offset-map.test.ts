import { describe, expect, it } from "vitest";
import { ExpansionMap, preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

describe("ExpansionMap", () => {
  it("maps output offsets back to the source", async () => {
    const source = "ab {{1x|long argument}} cd {{DEFAULTSORT:x}}ef";
    const result = await preprocess(source, makeEnv({ "Template:1x": "{{{1}}}" }));
    expect(result.text).toBe("ab long argument cd ef");
    const map = new ExpansionMap(result.expansions);
    // Before any expansion: unchanged.
    expect(map.toSource(1)).toBe(1);
    // Inside the first expansion: its source range.
    const inside = result.text.indexOf("argument");
    expect(map.expansionAt(inside)?.srcStart).toBe(3);
    expect(map.toSource(inside)).toBe(3);
    expect(map.toSource(inside, "end")).toBe(source.indexOf(" cd"));
    // After it: shifted by the difference in length.
    expect(source.slice(map.toSource(result.text.indexOf("cd")), map.toSource(result.text.indexOf("cd")) + 2)).toBe("cd");
    // The empty expansion sits between " " and "ef".
    const ef = result.text.indexOf("ef");
    expect(map.toSource(ef)).toBe(source.indexOf("ef"));
    expect(map.toSource(ef, "end")).toBe(source.indexOf("{{DEFAULTSORT"));
    expect(map.toSource(result.text.length, "end")).toBe(source.length);
    expect(map.expansionAt(ef)).toBeNull();
    expect(map.expansionsIn(ef, ef).map((e) => e.srcStart)).toEqual([source.indexOf("{{DEFAULTSORT")]);
    expect(map.expansionsIn(0, result.text.length)).toHaveLength(2);
  });
});
