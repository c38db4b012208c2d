// html2wt of links and of text that looks like link syntax: only "[[...]]" that would parse as a
// link needs protecting; targets the parser refuses stay plain text.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wouldParseAsWikiLink } from "../../src/html2wt/handlers/link-target.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt: link-like text", () => {
  it("protects text that would become a link", async () => {
    expect(await html2wt("<p>see [[Foo]] and [[Foo|bar]]</p>", env)).toBe("see <nowiki>[[Foo]]</nowiki> and <nowiki>[[Foo|bar]]</nowiki>");
  });
  it("leaves text alone whose target no link can have", async () => {
    expect(await html2wt("<p>[[./foo]] [[a|]] [[%3c%23]] [[x&lt;y]]</p>", env)).toBe("[[./foo]] [[a|]] [[%3c%23]] [[x<y]]");
  });
  it("counts template syntax and fragments as links", () => {
    expect(wouldParseAsWikiLink("{{1x|Foo}}", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("#section", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("Category:X", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("7%2525 Solution", env.site, "Page")).toBe(false);
  });
});
