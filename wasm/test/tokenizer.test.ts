import * as kinds from "../assembly/kinds.js";
import { describe, expect, it } from "vitest";
import { lex, tokenizer } from "./helpers.js";

describe("tokenizer: text and lines", () => {
  it("keeps plain text as one run and marks newlines", async () => {
    expect(await lex("hello world\nbye")).toEqual([["TEXT", "hello world"], ["NEWLINE", "\n"], ["TEXT", "bye"]]);
  });
  it("covers every code unit exactly once, with UTF-16 offsets", async () => {
    const text = "a😀 [[b]] ''c'' <b>d</b> &amp; é\n* x";
    const stream = (await tokenizer()).tokenize(text);
    let at = 0;
    for (let t = 0; t < stream.count; t++) {
      expect(stream.words[t * 4 + 1]).toBe(at);
      at = stream.words[t * 4 + 2]!;
    }
    expect(at).toBe(text.length);
  });
  it("marks leading spaces (indent-pre candidates)", async () => {
    expect(await lex(" pre")).toEqual([["INDENT", " "], ["TEXT", "pre"]]);
  });
});

describe("tokenizer: headings", () => {
  it("marks = runs on lines starting with =", async () => {
    expect(await lex("== a = b ==")).toEqual([
      ["EQUALS", "==", 2], ["TEXT", " a "], ["EQUALS", "=", 1], ["TEXT", " b "], ["EQUALS", "==", 2],
    ]);
  });
  it("leaves = alone elsewhere", async () => {
    expect(await lex("a == b")).toEqual([["TEXT", "a == b"]]);
  });
});

describe("tokenizer: lists and rules", () => {
  it("marks list prefixes", async () => {
    expect(await lex("*#: x")).toEqual([["LIST_PREFIX", "*#:", 3], ["TEXT", " x"]]);
  });
  it("marks colons on definition lines only", async () => {
    expect(await lex(";a:b\nc:d")).toEqual([
      ["LIST_PREFIX", ";", 1], ["TEXT", "a"], ["COLON", ":"], ["TEXT", "b"], ["NEWLINE", "\n"], ["TEXT", "c:d"],
    ]);
  });
  it("marks horizontal rules of four or more dashes", async () => {
    expect(await lex("-----\n---")).toEqual([["HR", "-----", 5], ["NEWLINE", "\n"], ["TEXT", "---"]]);
  });
});

describe("tokenizer: tables", () => {
  it("marks line-start table syntax and inline separators", async () => {
    expect(await lex("{|\n|+ c\n|-\n! h !! i\n| a || b\n|}")).toEqual([
      ["TABLE_START", "{|"], ["NEWLINE", "\n"],
      ["TABLE_CAPTION", "|+"], ["TEXT", " c"], ["NEWLINE", "\n"],
      ["TABLE_ROW", "|-", 1], ["NEWLINE", "\n"],
      ["TABLE_HEADING", "!"], ["TEXT", " h "], ["DOUBLE_BANG", "!!"], ["TEXT", " i"], ["NEWLINE", "\n"],
      ["TABLE_CELL", "|"], ["TEXT", " a "], ["DOUBLE_PIPE", "||"], ["TEXT", " b"], ["NEWLINE", "\n"],
      ["TABLE_END", "|}"],
    ]);
  });
  it("allows whitespace before table syntax and tables in list items", async () => {
    expect(await lex("  {|")).toEqual([["TEXT", "  "], ["TABLE_START", "{|"]]);
    expect(await lex(":{|")).toEqual([["LIST_PREFIX", ":", 1], ["TABLE_START", "{|"]]);
  });
});

describe("tokenizer: links", () => {
  it("marks wikilink and bracket delimiters and pipes", async () => {
    expect(await lex("[[a|b]] [x]")).toEqual([
      ["LINK_OPEN", "[["], ["TEXT", "a"], ["PIPE", "|"], ["TEXT", "b"], ["LINK_CLOSE", "]]"],
      ["TEXT", " "], ["BRACKET_OPEN", "["], ["TEXT", "x"], ["BRACKET_CLOSE", "]"],
    ]);
  });
  it("marks URL schemes at word starts only", async () => {
    expect(await lex("see http://x.org and 1http://y mailto:a@b")).toEqual([
      ["TEXT", "see "], ["URL_SCHEME", "http://", 4], ["TEXT", "x.org and 1http://y "], ["URL_SCHEME", "mailto:", 6], ["TEXT", "a@b"],
    ]);
  });
  it("ignores words that merely end in a colon", async () => {
    expect(await lex("Note: fine")).toEqual([["TEXT", "Note: fine"]]);
  });
  it("marks magic link keywords followed by a space", async () => {
    expect(await lex("ISBN 123 RFC 1 PMID 2 ISBNx")).toEqual([
      ["MAGIC_LINK", "ISBN", 4], ["TEXT", " 123 "], ["MAGIC_LINK", "RFC", 3], ["TEXT", " 1 "], ["MAGIC_LINK", "PMID", 4], ["TEXT", " 2 ISBNx"],
    ]);
  });
});

describe("tokenizer: quotes, entities, switches", () => {
  it("marks apostrophe runs of two or more", async () => {
    expect(await lex("a'b''c'''''d")).toEqual([["TEXT", "a'b"], ["QUOTE", "''", 2], ["TEXT", "c"], ["QUOTE", "'''''", 5], ["TEXT", "d"]]);
  });
  it("marks named and numeric entities", async () => {
    expect(await lex("&amp;&#65;&#x41;&bogus &;")).toEqual([
      ["ENTITY", "&amp;"], ["ENTITY", "&#65;"], ["ENTITY", "&#x41;"], ["TEXT", "&bogus &;"],
    ]);
  });
  it("marks behaviour switches", async () => {
    expect(await lex("__NOTOC__ a__b")).toEqual([["BEHAVIOR_SWITCH", "__NOTOC__"], ["TEXT", " a__b"]]);
  });
});

describe("tokenizer: tags and comments", () => {
  it("marks open, close and self-closing tags", async () => {
    expect(await lex('<b class="x">y</b><br/>')).toEqual([
      ["TAG_OPEN", '<b class="x">'], ["TEXT", "y"], ["TAG_CLOSE", "</b>"], ["TAG_OPEN", "<br/>", 1],
    ]);
  });
  it("does not take a < before the > as a tag", async () => {
    expect(await lex("a <b <i>x")).toEqual([["TEXT", "a <b "], ["TAG_OPEN", "<i>"], ["TEXT", "x"]]);
    expect(await lex("1 < 2 <3")).toEqual([["TEXT", "1 < 2 <3"]]);
  });
  it("takes any attribute text up to the > for raw-text (extension) tags", async () => {
    expect(await lex("<pre <pre>x</pre> <div <div>y")).toEqual([
      ["TAG_OPEN", "<pre <pre>"], ["RAW_TEXT", "x"], ["TAG_CLOSE", "</pre>"], ["TEXT", " <div "], ["TAG_OPEN", "<div>"], ["TEXT", "y"],
    ]);
  });
  it("marks comments, closed or running to the end", async () => {
    expect(await lex("a<!-- [[x]] -->b<!-- open")).toEqual([
      ["TEXT", "a"], ["COMMENT", "<!-- [[x]] -->", 1], ["TEXT", "b"], ["COMMENT", "<!-- open"],
    ]);
  });
  it("keeps nowiki and pre content raw", async () => {
    expect(await lex("<nowiki>[[a]] ''b''</nowiki> <PRE>x<!--y</pre >")).toEqual([
      ["TAG_OPEN", "<nowiki>"], ["RAW_TEXT", "[[a]] ''b''"], ["TAG_CLOSE", "</nowiki>"], ["TEXT", " "],
      ["TAG_OPEN", "<PRE>"], ["RAW_TEXT", "x<!--y"], ["TAG_CLOSE", "</pre >"],
    ]);
  });
  it("tokenizes after an unclosed nowiki as usual", async () => {
    expect(await lex("<nowiki>[[a")).toEqual([["TAG_OPEN", "<nowiki>"], ["LINK_OPEN", "[["], ["TEXT", "a"]]);
  });
  it("accepts configured raw-text extension tags", async () => {
    const t = await tokenizer();
    t.setRawTags(["nowiki", "pre", "math"]);
    const text = "<math>a<b>[[c</math>";
    const s = t.tokenize(text);
    expect(s.count).toBe(3);
    expect(s.words[4]).toBe(25);
  });
  it("accepts extension tag names beyond ASCII, and only those", async () => {
    const t = await tokenizer();
    t.setRawTags(["nowiki", "pre", "tåg"]);
    const text = "<tåg>a<b</tåg> <bå>";
    const s = t.tokenize(text);
    const spans = Array.from({ length: s.count }, (_, k) => text.slice(s.words[k * 4 + 1]!, s.words[k * 4 + 2]!));
    expect(spans.slice(0, 3)).toEqual(["<tåg>", "a<b", "</tåg>"]);
    expect([s.words[0], s.words[4], s.words[8]]).toEqual([kinds.K_TAG_OPEN, kinds.K_RAW_TEXT, kinds.K_TAG_CLOSE]);
    // Other names beyond ASCII are no tags.
    expect(spans).not.toContain("<bå>");
    t.setRawTags(["nowiki", "pre"]);
  });
});

describe("tokenizer: text that continues a line", () => {
  it("has no line-start syntax on its first line, and has it on the next", async () => {
    const text = "* a\n* b";
    const stream = (await tokenizer()).tokenize(text, false);
    const kinds_: number[] = [];
    for (let t = 0; t < stream.count; t++) kinds_.push(stream.words[t * 4]!);
    expect(kinds_).toEqual([kinds.K_TEXT, kinds.K_NEWLINE, kinds.K_LIST_PREFIX, kinds.K_TEXT]);
    expect((await lex(text))[0]![0]).toBe("LIST_PREFIX");
  });
});
