// Apostrophes next to quote markup: guarded while serializing, the guard dropped again when the
// line's markup pairs up and MediaWiki's quote balancing reads the apostrophe back as text.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { stripUnneededQuoteNowikis } from "../../src/html2wt/quote-nowikis.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const tags = new Set(["nowiki"]);

describe("apostrophe guards before quote markup", () => {
  it("are dropped where the markers pair up", async () => {
    expect(await html2wt("<p>'<b>foo</b></p>", env)).toBe("''''foo'''");
    expect(await html2wt("<p>'<i>a </i>b<b>c</b></p>", env)).toBe("'''a ''b'''c'''");
  });

  it("stay where the quote is nested in another", async () => {
    expect(await html2wt("<p><i>foo'<b>bar</b></i></p>", env)).toBe("''foo'<nowiki/>'''bar'''''");
  });

  it("go one per line, the last that can", () => {
    expect(stripUnneededQuoteNowikis("'<nowiki/>'''foo'<nowiki/>'''", tags)).toBe("'<nowiki/>'''foo''''");
  });

  it("leave lines whose markup does not pair up, and nowiki content, alone", () => {
    expect(stripUnneededQuoteNowikis("'<nowiki/>'''foo", tags)).toBe("'<nowiki/>'''foo");
    expect(stripUnneededQuoteNowikis("[[a|'<nowiki/>''b'']]]]", tags)).toBe("[[a|'<nowiki/>''b'']]]]");
    // (Quote runs inside <nowiki> are no markup: the line still pairs up.)
    expect(stripUnneededQuoteNowikis("<nowiki>''</nowiki>x'<nowiki/>''b''", tags)).toBe("<nowiki>''</nowiki>x'''b''");
  });
});
