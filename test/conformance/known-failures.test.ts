import { describe, expect, it } from "vitest";
import { failureCause } from "./failure-causes.js";
import { isKnownFailure, updatedKnownFailures } from "./known-failures.js";
import type { CaseResult } from "./runner-core.js";

describe("known-failures list", () => {
  const previous = { wt2html: { "a.txt": ["one", "two"], "b.txt": ["three"] }, wt2wt: { "a.txt": ["one"] } };

  it("looks cases up by mode, file and name", () => {
    expect(isKnownFailure(previous, "wt2html", "a.txt", "two")).toBe(true);
    expect(isKnownFailure(previous, "wt2wt", "a.txt", "two")).toBe(false);
    expect(isKnownFailure(previous, "html2wt", "a.txt", "one")).toBe(false);
  });

  it("replaces the entries of the cases that ran and keeps the others", () => {
    const updated = updatedKnownFailures(previous, [
      { mode: "wt2html", file: "a.txt", name: "one", passed: true },
      { mode: "wt2html", file: "a.txt", name: "two", passed: false },
      { mode: "wt2html", file: "a.txt", name: "new", passed: false },
    ]);
    expect(updated).toEqual({ wt2html: { "a.txt": ["new", "two"], "b.txt": ["three"] }, wt2wt: { "a.txt": ["one"] } });
  });

  it("drops files and modes that no longer fail", () => {
    const updated = updatedKnownFailures({ wt2html: { "b.txt": ["three"] } }, [{ mode: "wt2html", file: "b.txt", name: "three", passed: true }]);
    expect(updated).toEqual({});
  });
});

describe("failure causes", () => {
  const result = (expected: string, actual: string, error?: string): CaseResult => ({
    file: "f.txt", name: "n", mode: "wt2html", group: "core", passed: false, knownFailure: false, output: actual,
    normalizedExpected: expected, normalizedActual: actual, ...(error ? { error } : {}),
  });

  it("names where the output first departs from the expectation", () => {
    expect(failureCause(result("<p><b>x</b></p>", "<p><i>x</i></p>"))).toBe("expected <b / got <i");
    expect(failureCause(result('<p><a href="x">y</a></p>', '<p><a href="z">y</a></p>'))).toBe("expected <a href= / got <a href=");
    expect(failureCause(result("<p>abc</p>", "<p>abd</p>"))).toBe("text differs inside <p");
    expect(failureCause(result("<p>a</p>", "", "TypeError: boom"))).toBe("error: TypeError: boom");
  });
});
