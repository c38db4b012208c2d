import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineText } from "../../src/html2wt/line-text.js";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

// The questions LineText answers from its edges and per-piece state, as regular expressions
// over the whole line (how the serializer asked them before).
const ONLY_COMMENTS = /^(?:<!--[\s\S]*?-->)+$/;
const BLANKS_AND_COMMENTS = /^(?:[ \t]|<!--[\s\S]*?-->)+$/;
const COMMENTS_AND_SOL_GUARD = /^(?:<!--(?:[^-]|-(?!->))*-->|<nowiki\/>)+$/;
const WORD_END = /[\p{L}\p{N}_]$/u;

/** Pieces made of the characters and tokens these questions turn on, some long enough to pass the kept edges. */
const piece = fc.oneof(
  fc.constantFrom("<!--", "-->", "<!--c-->", "<nowiki/>", "<", "!", "-", ">", " ", "\t", "|", "!", "[", "[[", "*", "#", ":", "=", "x", "é", "'"),
  fc.string({ unit: fc.constantFrom(" ", "-", "x", "[", "<", ">", "|", "*"), maxLength: 90 }),
  fc.constantFrom(" ".repeat(70), "[".repeat(67), "*".repeat(80), "x".repeat(100)),
);

function lineOf(pieces: readonly string[]): LineText {
  const line = new LineText();
  for (const p of pieces) line.append(p);
  return line;
}

describe("LineText", () => {
  it("answers every whole-line question as the regular expressions over the joined line do", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        const line = lineOf(pieces);
        expect(line.length).toBe(text.length);
        expect(line.text).toBe(text);
        expect(line.isOnlyComments()).toBe(ONLY_COMMENTS.test(text));
        expect(line.isBlanksAndComments()).toBe(text !== "" && BLANKS_AND_COMMENTS.test(text));
        expect(line.isCommentsAndSolGuard()).toBe(text.includes("<nowiki/>") && COMMENTS_AND_SOL_GUARD.test(text));
        expect(line.endsWithWordCharacter()).toBe(WORD_END.test(text));
        expect(line.startsWithCellMarker()).toBe(/^\s*[|!]/.test(text));
        expect(line.isCellMarkerOnly()).toBe(/^\s*\|$/.test(text));
        expect(line.isBulletsOnly()).toBe(/^[*#:;]+$/.test(text));
        expect(line.startsAfterCommentsWith("=")).toBe(text.replace(/^(?:<!--[\s\S]*?-->)+/, "").startsWith("="));
        expect(line.includesLinkOpener()).toBe(text.includes("[["));
        expect(line.lastChar()).toBe(text.slice(-1));
        expect(line.trailingRunOf("[")).toBe(/\[*$/.exec(text)![0].length);
        expect(line.endsWith("-->")).toBe(text.endsWith("-->"));
      }),
      { numRuns: 3000 },
    );
  });

  it("starts over on reset, with the text given", () => {
    const line = lineOf(["<!--a-->", "x".repeat(200)]);
    line.reset("<!--b-->");
    expect(line.text).toBe("<!--b-->");
    expect(line.isOnlyComments()).toBe(true);
    line.reset();
    expect(line.length).toBe(0);
    expect(line.isBlanksAndComments()).toBe(false);
  });
});

describe("html2wt on long lines", () => {
  const env = makeEnv();

  it("writes a paragraph of many links, quotes and comments the same as short ones", async () => {
    // One line of a few thousand pieces: each link, quote and apostrophe guard asks about the line.
    const unit = "w [[Page]] ''i'' it's <!--c--> ";
    const source = unit.repeat(1000).trimEnd();
    const { html } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(html, env)).toBe(source);
    const short = unit.trimEnd();
    const { html: shortHtml } = await wt2html(short, env, { bodyOnly: true });
    expect(await html2wt(shortHtml, env)).toBe(short);
  });
});
