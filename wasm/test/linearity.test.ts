import { describe, expect, it } from "vitest";
import { tokenizer } from "./helpers.js";

// Work counters, not wall-clock: the tokenizer counts every character its scans visit. Doubling a
// pathological input must (about) double the work, never quadruple it.
const cases: Record<string, (n: number) => string> = {
  "unclosed [[": (n) => "[[a".repeat(n),
  "unclosed {{": (n) => "{{a".repeat(n),
  "unclosed '''": (n) => "'''a".repeat(n),
  "unclosed <b>": (n) => "<b>a".repeat(n),
  "unclosed <b": (n) => "<b a".repeat(n),
  "unclosed <nowiki>": (n) => "<nowiki>a".repeat(n),
  "unclosed comments": (n) => "<!--".repeat(n),
  "deep list prefixes": (n) => "*".repeat(n) + " x\n" + "#".repeat(n) + " y",
  "one long line": (n) => "word [x] ''y'' &amp; ".repeat(n),
  "unclosed entities": (n) => "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".repeat(n),
  "behaviour-switch look-alikes": (n) => "__abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnop".repeat(n),
};

describe("tokenizer: linear work on pathological inputs", () => {
  for (const [name, make] of Object.entries(cases)) {
    it(name, async () => {
      const t = await tokenizer();
      const n = 20_000;
      const small = t.tokenize(make(n));
      const large = t.tokenize(make(2 * n));
      const ratio = large.work / small.work;
      expect(ratio).toBeGreaterThan(1.8);
      expect(ratio).toBeLessThan(2.2);
      // Bounded constant: a handful of visits per character at most.
      expect(large.work / make(2 * n).length).toBeLessThan(8);
      expect(large.count).toBeLessThanOrEqual(make(2 * n).length + 1);
    });
  }
});
