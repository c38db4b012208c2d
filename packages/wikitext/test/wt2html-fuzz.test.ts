import { describe, expect, it } from "vitest";
import { wt2html } from "../src/index.js";
import { makeEnv } from "./helpers/env.js";

// Random wikitext made of syntax fragments must always convert (no exception, well-formed body).
const PIECES = [
  "[[", "]]", "[", "]", "{{", "}}", "{|", "|}", "|-", "||", "|", "!!", "!", "''", "'''", "'''''", "<b>", "</b>", "<i>",
  "</div>", "<div>", "<table>", "<td>", "<nowiki>", "</nowiki>", "<pre>", "</pre>", "<!--", "-->", "&amp;", "&#x41;",
  "&bogus;", "\n", "\n\n", " ", "*", "#", ":", ";", "=", "==", "----", "http://x.org/a", "ISBN 0-306-40615-2", "RFC 1",
  "__NOTOC__", "#REDIRECT ", "[[File:X.png|thumb|", "[[Category:C|", "a", "word", "<span style='color:red'>", "<ref>",
  "<includeonly>", "</includeonly>", "<noinclude>", "\u00a0", "😀", "\0", "\r",
];

function randomDoc(seed: number, length: number): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += PIECES[x % PIECES.length];
  }
  return out;
}

describe("wt2html: robustness", () => {
  it("converts 1000 random documents without throwing", async () => {
    const env = makeEnv();
    for (let seed = 1; seed <= 1000; seed++) {
      const doc = randomDoc(seed, 80);
      const { html } = await wt2html(doc, env, { bodyOnly: true });
      expect(typeof html).toBe("string");
    }
  });
});
