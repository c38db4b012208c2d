import { describe, expect, it } from "vitest";
import { html2wt, htmlToDom, htmlToNodes } from "../../src/html2wt/index.js";
import { applyChanges, type Change } from "../../src/html2wt/testing/apply-changes.js";
import { querySelectorAll } from "../../src/html2wt/testing/selector.js";
import { serializeChildren } from "../../src/output/serialize.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function edit(source: string, changes: Change[]): Promise<string> {
  const { html } = await wt2html(source, env, { bodyOnly: true });
  const body = htmlToDom(html);
  applyChanges(body, changes, htmlToNodes);
  return html2wt(serializeChildren(body, { inlineDataParser: true }), env, { original: { wikitext: source, html } });
}

const SOURCE = "==  Odd   spacing ==\n* first  item\n*   second\n\nA   paragraph with [[Main Page|a link]] and {{tpl}}.\n\n{|\n|  cell  ||  other\n|}";

describe("selective serialization", () => {
  it("gives back the original wikitext byte for byte when nothing changed", async () => {
    const { html } = await wt2html(SOURCE, env, { bodyOnly: true });
    expect(await html2wt(html, env, { original: { wikitext: SOURCE, html } })).toBe(SOURCE);
    // Also through a regenerated original (the per-node diff path, no shortcut).
    expect(await html2wt(html, env, { original: { wikitext: SOURCE } })).toBe(SOURCE);
  });
  it("re-serializes only the edited node", async () => {
    // The spaces the parser trimmed inside the item's markup stay as they were.
    expect(await edit(SOURCE, [["li:last-child", "text", "changed"]])).toBe(SOURCE.replace("*   second", "*   changed"));
    expect(await edit(SOURCE, [["ul", "append", "<li>third</li>"]])).toBe(SOURCE.replace("*   second", "*   second\n* third"));
    expect(await edit(SOURCE, [["p", "after", "<p>New.</p>"]])).toBe(SOURCE.replace("{{tpl}}.", "{{tpl}}.\n\nNew."));
  });
  it("writes a paragraph's leading text once when its range starts at its first link", async () => {
    // The paragraph reopened before a thumbnail: its range begins at the link, after the text.
    const source = "'''Bold'''\n\nAfter college, Morris' [[Foo|bar]] in Houston. [[File:Foobar.jpg|thumb|cap]]\nMore text.";
    expect(await edit(source, [["p + p > a", "text", "baz"]])).toBe(source.replace("[[Foo|bar]]", "[[Foo|baz]]"));
  });
  it("separates a new paragraph from one the HTML5 rules made by a paragraph break", async () => {
    // "b" after the table is a paragraph no wikitext opened: a line break alone would join the
    // new paragraph to it when the output is parsed again.
    const source = "<table><tr><td>a</td></tr></table>b";
    const output = await edit(source, [["p", "after", "<p>New.</p>"]]);
    expect(output).toBe(`${source}\n\nNew.`);
    const { html } = await wt2html(output, env, { bodyOnly: true });
    expect(html.match(/<p[ >]/g)?.length).toBe(2);
  });
  it("counts a reused paragraph's leading line breaks as the separator before it", async () => {
    // The div makes "As soon" a paragraph the tree builder opened where "x" ended: its source
    // starts with the blank line. A new paragraph before it needs no second blank line.
    const source = "x\n\nAs soon<div>q</div>";
    const output = await edit(source, [["p:first-child", "after", "<p>New.</p>"]]);
    expect(output).toBe("x\n\nNew.\n\nAs soon<div>q</div>");
    const { html } = await wt2html(output, env, { bodyOnly: true });
    expect(html).not.toContain("<br");
  });
  it("keeps a cell on its line after a comment when the cell before it is removed", async () => {
    // The remaining cell was written "||+y": on its own it starts the line (a space keeps "|+" from being a caption).
    const source = "{|\n|-\n<!--c--> |x||+y\n|}";
    const output = await edit(source, [["td:first-child", "remove"]]);
    expect(output).toBe("{|\n|-\n<!--c--> | +y\n|}");
    const { html } = await wt2html(output, env, { bodyOnly: true });
    expect(html).toMatch(/<td[^>]*>\+y<\/td>/);
  });
  it("keeps untouched cells and the table syntax around an edited cell", async () => {
    expect(await edit(SOURCE, [["td + td", "text", "x"]])).toBe(SOURCE.replace("||  other", "||  x"));
  });
});

// (Galleries: the parser tests' selser cases, in an environment with the gallery extension.)
describe("selective serialization next to stray tags", () => {
  it("keeps a stray </p> when the paragraph after it is edited", async () => {
    expect(await edit("</p>\nSome text.", [["p:last-child", "text", "Other text."]])).toBe("</p>\nOther text.");
  });
  it("keeps the stray end tag ending a paragraph's line when the list after it is edited", async () => {
    expect(await edit("a <b>x</b> c</pre>\n* item", [["li", "text", "changed"]])).toBe("a <b>x</b> c</pre>\n* changed");
  });
  it("keeps a stray start tag before a paragraph's last text when the list after it is edited", async () => {
    expect(await edit("&amp;<td>ctyl\n* item", [["li", "text", "changed"]])).toBe("&amp;<td>ctyl\n* changed");
  });
});

describe("selective serialization of text and whitespace next to an edit", () => {
  it("keeps the line break after a deleted first list item", async () => {
    // The whitespace between the items is the original's: its byte is not the deleted item's.
    expect(await edit("* x\n* y\n\nPara.", [["li:first-child", "remove"]])).toBe("\n* y\n\nPara.");
  });
  it("ends the list's last line once when its last item is deleted", async () => {
    // The line break before the deleted item comes back, and the blank line after the list
    // stands for the same line end: no third newline (an empty paragraph) appears.
    expect(await edit("* x\n* y", [["li:last-child", "remove"]])).toBe("* x\n");
    const output = await edit("* x\n* y\n\nPara.", [["li:last-child", "remove"]]);
    expect(output).toBe("* x\n\nPara.");
    expect((await wt2html(output, env, { bodyOnly: true })).html).not.toContain("<br");
  });
  it("keeps a stray tag before a separator's whitespace after a new paragraph", async () => {
    expect(await edit("ab<tr>\t\n* item", [["p", "after", "<p>New.</p>"]])).toBe("ab\n\nNew.<tr>\t\n* item");
  });
  it("keeps text with line breaks or markup characters at its edges as written after an edited link", async () => {
    expect(await edit("<p>[[Foo|bar]] one\n\n|} two</p>", [["a", "attr", "href", "./Baz"]])).toBe("<p>[[Baz|bar]] one\n\n|} two</p>");
    // "|" after the link's "]]" joins nothing, as it joined nothing before the edit.
    expect(await edit("[[Foo|bar]]|+x ~~~~", [["a", "attr", "href", "./Baz"]])).toBe("[[Baz|bar]]|+x ~~~~");
  });
});

describe("selective serialization next to formatting HTML5 reopened", () => {
  it("keeps formatting left open at a line end when a link before it is edited", async () => {
    // HTML5 reopens the <u> in a paragraph of its own before the comment: that copy stands for
    // no source, so the line break and the comment after it keep theirs.
    expect(await edit("[[Foo|bar]]<u>\n<!--c", [["a", "attr", "href", "./Baz"]])).toBe("[[Baz|bar]]<u>\n<!--c");
  });
});

describe("selective serialization of content fostered out of a table", () => {
  it("writes the table anew with the edited fostered content inside it", async () => {
    expect(await edit("<table>Intro [[Foo|bar]]", [["a", "attr", "href", "./Baz"]])).toBe("<table>Intro [[Baz|bar]]");
    expect(await edit("{|\n== Heading [[Foo|bar]] ==\n|-\n|cell\n|}", [["a", "attr", "href", "./Baz"]])).toBe("{|\n== Heading [[Baz|bar]] ==\n|-\n|cell\n|}");
  });
  it("keeps the separators between fostered blocks and the table's own whitespace after them", async () => {
    expect(await edit("{|\n== H ==\n\nSome words [[Foo|bar]].\n\nMore words.", [["a", "attr", "href", "./Baz"]])).toBe("{|\n== H ==\n\nSome words [[Baz|bar]].\n\nMore words.");
    expect(await edit("<table> [[Foo|bar]] ", [["p", "after", "<p>New.</p>"]])).toBe("<table> [[Foo|bar]]\n\nNew. ");
  });
  it("keeps a stray tag before a table with fostered content after a new paragraph", async () => {
    expect(await edit("x</i><table>y", [["p:first-child", "after", "<p>New.</p>"]])).toBe("x\n\nNew.</i><table>y");
  });
  it("keeps unedited fostered content inside its table when the table is edited", async () => {
    expect(await edit("{|\n== Heading ==\n|-\n|cell\n|}", [["td", "text", "other"]])).toBe("{|\n== Heading ==\n|-\n|other\n|}");
  });
});

describe("manual-edit selectors", () => {
  it("matches type, class, attribute, child, sibling and structural selectors", () => {
    const body = htmlToDom('<div id="a" class="x y"><p>1</p><p title="t">2</p></div><ul><li>i</li><li>j</li></ul>');
    expect(querySelectorAll(body, "div.x > p").length).toBe(2);
    // Unsupported syntax is an error, never a parser that stops advancing.
    expect(() => querySelectorAll(body, "p:nth-child(2) > a")).toThrow();
    expect(querySelectorAll(body, "p + p")[0]?.textContent()).toBe("2");
    expect(querySelectorAll(body, "[title=t]")[0]?.textContent()).toBe("2");
    expect(querySelectorAll(body, "ul li:last-child")[0]?.textContent()).toBe("j");
    expect(querySelectorAll(body, "#a p:first-child")[0]?.textContent()).toBe("1");
  });
});

describe("selective serialization against a stored revision", () => {
  it("fetches the original wikitext by revision id when it is not supplied", async () => {
    const source = "Kept   spacing  here.\n\n*  item";
    const base = makeEnv();
    const env = {
      ...base,
      data: {
        ...base.data,
        async getPageSource(title: string, revid?: number) {
          return revid === 42 ? { title, revid, source } : null;
        },
      },
    };
    const { html } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(html, env, { originalRevision: 42 })).toBe(source);
    // An unknown revision: no original, the full serializer writes every node.
    expect(await html2wt(html, env, { originalRevision: 7 })).toBe(await html2wt(html, env));
  });
});
