import { describe, expect, it } from "vitest";
import { wt2html } from "../src/index.js";
import { makeEnv } from "./helpers/env.js";

describe("wt2html media: repeated captions and alt texts", () => {
  it("keeps the last caption", async () => {
    const { html } = await wt2html("[[File:A.jpg|thumb|first|alt=one|upright|second|alt=two|third]]", makeEnv(), { bodyOnly: true });
    expect(html).toMatch(/<figcaption[^>]*>third<\/figcaption>/);
    // The earlier captions stay in the option list as bogus options (html2wt writes them back).
    expect(html).toContain('{"ck":"bogus","ak":"first"}');
    expect(html).toContain('{"ck":"bogus","ak":"second"}');
    expect(html).toContain('{"ck":"caption","ak":"third"}');
  });

  it("handles 60k captions and alt texts in one link in linear time", async () => {
    // Each caption marked every earlier option and each alt text filtered every earlier one:
    // 3.6e9 steps here (tens of seconds); linear work is well under a second.
    const options = "|c|alt=a|upright".repeat(30_000);
    const { html } = await wt2html(`[[File:A.jpg|thumb${options}|last]]`, makeEnv(), { bodyOnly: true });
    expect(/<figcaption[^>]*>last<\/figcaption>/.test(html)).toBe(true);
    expect(html.match(/"ck":"caption"/g)?.length).toBe(1);
  }, 5_000);
});
