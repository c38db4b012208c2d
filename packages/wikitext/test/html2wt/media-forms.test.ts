// html2wt of media from HTML without full parse data: manual thumbnails from data-mw, sizes only
// from numeric attributes, and media links written as their parse data says they were.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const img = (attrs: string) => `<img resource="./File:Foobar.jpg" src="http://example.com/images/3/3a/Foobar.jpg" data-file-width="1941" data-file-height="220" ${attrs} class="mw-file-element"/>`;

describe("html2wt: media forms", () => {
  it("writes a manual thumbnail from data-mw's thumb", async () => {
    const html = `<figure class="mw-default-size" typeof="mw:File/Thumb" data-mw='{"thumb":"Small.png"}'><a href="./File:Foobar.jpg">${img('height="135" width="135"')}</a><figcaption>Cap</figcaption></figure>`;
    expect(await html2wt(html, env)).toBe("[[File:Foobar.jpg|thumbnail=Small.png|Cap]]");
  });

  it("writes a size only from attributes that start with a number", async () => {
    const span = (w: string) => `<p><span typeof="mw:File"><a href="./File:Foobar.jpg">${img(`width="${w}"`)}</a></span></p>`;
    expect(await html2wt(span("bogus"), env)).toBe("[[File:Foobar.jpg]]");
    expect(await html2wt(span("10px"), env)).toBe("[[File:Foobar.jpg|10x10px]]");
  });

  it("writes a media link's target as written while it points at the same file", async () => {
    const link = (resource: string) =>
      `<p><a rel="mw:MediaLink" href="./Special:Upload?wpDestFile=No_such_file.jpg" resource="${resource}" title="No such file.jpg" data-parsoid='{"a":{"resource":"./Media:No_such_file.jpg"},"sa":{"resource":"Media:No_such file.jpg"}}'>Media:No_such file.jpg</a></p>`;
    expect(await html2wt(link("./Media:No_such_file.jpg"), env)).toBe("[[Media:No_such file.jpg]]");
    expect(await html2wt(link("./Media:Other.jpg"), env)).toBe("[[Media:Other.jpg|Media:No_such file.jpg]]");
  });
});

describe("html2wt: media captions with pipes", () => {
  const inline = (caption: string) => `<p><span class="mw-default-size" typeof="mw:File" data-mw='${JSON.stringify({ caption }).replace(/'/g, "&#39;")}'><a href="./File:Foobar.jpg">${img('height="220" width="1941" alt="x"')}</a></span></p>`;

  it("escapes a pipe of the caption's text", async () => {
    expect(await html2wt(inline("a|b"), env)).toBe("[[File:Foobar.jpg|alt=x|a<nowiki>|</nowiki>b]]");
  });

  it("leaves the pipes of links and tables in the caption alone", async () => {
    expect(await html2wt(inline('<a rel="mw:WikiLink" href="./Main_Page" title="Main Page">see</a>'), env)).toBe("[[File:Foobar.jpg|alt=x|[[Main Page|see]]]]");
  });
});

describe("html2wt: figures in table cells", () => {
  it("start on the cell's line when they open its content", async () => {
    const figure = `<figure class="mw-default-size" typeof="mw:File/Thumb"><a href="./File:Foobar.jpg">${img('height="220" width="1941"')}</a><figcaption>c</figcaption></figure>`;
    expect(await html2wt(`<table><tbody><tr><td>${figure}</td></tr></tbody></table>`, env)).toBe("{|\n|[[File:Foobar.jpg|thumb|c]]\n|}");
    expect(await html2wt(`<table><tbody><tr><td>a${figure}</td></tr></tbody></table>`, env)).toBe("{|\n|a\n[[File:Foobar.jpg|thumb|c]]\n|}");
  });
});

describe("html2wt: plain images of this wiki's files", () => {
  it("are written as media, with their link, alt and size", async () => {
    expect(await html2wt('<img src="./File:Foobar.jpg" width="100" height="80" alt="A">', env)).toBe("[[File:Foobar.jpg|link=|alt=A|100x100px]]");
    expect(await html2wt('<a href="./Main_Page"><img src="./File:Foobar.jpg" width="50"></a>', env)).toBe("[[File:Foobar.jpg|link=Main Page|50x50px]]");
  });

  it("leave images of other pages as HTML", async () => {
    expect(await html2wt('<p><img src="./Foo.jpg" alt="A"></p>', env)).toBe('<img src="./Foo.jpg" alt="A" />');
  });
});
