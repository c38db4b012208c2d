// html2wt of media whose HTML no longer carries the original options: the options come back
// from what the figure shows, a manual thumbnail from data-mw attribs, a missing file from its red link.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv, siteInfo } from "../helpers/env.js";
import { SiteConfig, type FileInfo, type FileRequest } from "../../src/index.js";
import { localizeOption } from "../../src/html2wt/handlers/media-words.js";

const env = makeEnv();

const manualThumbFigure = (caption: string) =>
  `<figure typeof="mw:File/Thumb" data-mw='{"attribs":[["manualthumb",{"txt":"Icon.png"}]]}'>` +
  '<a href="./File:Photo.jpg"><img resource="./File:Photo.jpg" src="http://img.test/Icon.png" ' +
  `data-file-width="100" data-file-height="80" data-file-type="bitmap" height="80" width="100"/></a><figcaption>${caption}</figcaption></figure>`;

describe("html2wt: manual thumbnails", () => {
  it("writes thumbnail=Name instead of thumb and no size option", async () => {
    expect(await html2wt(manualThumbFigure("Title"), env)).toBe("[[File:Photo.jpg|thumbnail=Icon.png|Title]]");
  });
  it("keeps an edited caption with the manual thumbnail", async () => {
    expect(await html2wt(manualThumbFigure("New <i>caption</i>"), env)).toBe("[[File:Photo.jpg|thumbnail=Icon.png|New ''caption'']]");
  });
});

describe("html2wt: missing files", () => {
  it("reads the upload-form link of a missing file as the default link", async () => {
    const html =
      `<p><span class="mw-default-size" typeof="mw:Error mw:File" data-mw='{"caption":"Cap","errors":[{"key":"apierror-filedoesnotexist","message":"This image does not exist."}]}'>` +
      '<a href="./Special:Upload?wpDestFile=Missing.png" class="new" title="File:Missing.png">' +
      '<span class="mw-file-element mw-broken-media" resource="./File:Missing.png">Cap</span></a></span></p>';
    expect(await html2wt(html, env)).toBe("[[File:Missing.png|Cap]]");
  });
});

describe("html2wt: options a missing file does not show", () => {
  it("keeps an alt text as written", async () => {
    const site = SiteConfig.fromSiteInfo({ ...siteInfo, magicwords: [...siteInfo.magicwords, { name: "img_alt", aliases: ["alt=$1"], "case-sensitive": true }] });
    const altEnv = { ...env, site };
    const source = "[[File:Missing.png|alt=Other|Cap]]";
    const { html } = await wt2html(source, altEnv, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain("mw-broken-media");
    expect(await html2wt(html, altEnv)).toBe(source);
  });
});

describe("html2wt: vertical alignment of figures", () => {
  it("keeps a valign option a figure ignores", async () => {
    const source = "[[File:Foobar.jpg|thumb|left|baseline|caption]]";
    const { html } = await wt2html(source, env, { bodyOnly: true });
    expect(html).not.toContain("mw-valign");
    expect(await html2wt(html, env)).toBe(source);
  });
});

describe("html2wt: upright", () => {
  it("writes upright=F from the image's style when no original options are known", async () => {
    const html =
      '<figure class="mw-default-size" typeof="mw:File/Thumb"><a href="./File:Foobar.jpg" class="mw-file-description">' +
      '<img resource="./File:Foobar.jpg" src="x" width="90" height="10" style="--mw-file-upright: 0.5" class="mw-file-element mw-file-upright"/></a>' +
      "<figcaption>caption</figcaption></figure>";
    expect(await html2wt(html, env)).toBe("[[File:Foobar.jpg|thumb|upright=0.5|caption]]");
  });
});

describe("html2wt: page and language", () => {
  it("writes page= from data-mw and lang= from the image", async () => {
    const html =
      `<p><span class="mw-default-size" typeof="mw:File" data-mw='{"attribs":[["page",{"txt":"2"}]]}'>` +
      '<a href="./File:Doc.djvu?page=2&amp;lang=de" class="mw-file-description"><img resource="./File:Doc.djvu" lang="de" src="x" width="10" height="10"/></a></span></p>';
    expect(await html2wt(html, env)).toBe("[[File:Doc.djvu|page=2|lang=de]]");
  });
});

describe("html2wt: players", () => {
  it("writes back link= and alt= a video kept in data-mw", async () => {
    const html =
      `<p><span class="mw-default-size" typeof="mw:File" data-mw='{"attribs":[["alt",{"txt":"Test"}],["link",{"txt":"Example"}]]}'><span>` +
      '<video resource="./File:Clip.webm" controls="" width="320" height="240"><source src="x" type="video/webm"/></video></span></span></p>';
    expect(await html2wt(html, env)).toBe("[[File:Clip.webm|link=Example|alt=Test]]");
  });
});

describe("html2wt: link to no valid title", () => {
  it("round-trips a link= the parser could not use", async () => {
    for (const source of ["[[File:Foobar.jpg|link=<]]", "[[File:Foobar.jpg|link=Test%2522]]"]) {
      const { html } = await wt2html(source, env, { bodyOnly: true });
      expect(html).toContain('[["link",{"txt":');
      expect(await html2wt(html, env)).toBe(source);
      // Without the original options the kept value is written back from data-mw.
      expect(await html2wt(html.replace(/ data-parser=("[^"]*"|'[^']*')/g, ""), env)).toBe(source);
    }
  });
});

describe("html2wt: galleries", () => {
  const box = (media: string, caption: string) =>
    `<li class="gallerybox"><div class="thumb">${media}</div><div class="gallerytext">${caption}</div></li>`;
  const image = (attrs: string, link = '<a href="./File:Foo.jpg" class="mw-file-description">') =>
    `<span typeof="mw:File"${attrs}>${link}<img resource="./File:Foo.jpg" src="x" width="120" height="14" class="mw-file-element"/></a></span>`;

  it("writes a line per box: the image's options (no gallery size), then the caption", async () => {
    const html =
      `<ul class="gallery" typeof="mw:Extension/gallery" data-mw='{"name":"gallery","attrs":{"mode":"packed"},"body":{}}'>` +
      '<li class="gallerycaption">About <b>these</b></li>' +
      box(image(' class="extra"'), "One [[x]]") +
      box(image("", '<a href="http://example.org/" rel="mw:ExtLink">'), "") +
      box(`<span typeof="mw:File"><span><img resource="./File:Bar.jpg" alt="Two" src="x" width="120" height="14"/></span></span>`, "Two") +
      "</ul>";
    expect(await html2wt(html, env)).toBe(
      `<gallery mode="packed" caption="About '''these'''">\n` +
        "File:Foo.jpg|class=extra|One <nowiki>[[x]]</nowiki>\nFile:Foo.jpg|link=http://example.org/\nFile:Bar.jpg|link=|Two\n</gallery>",
    );
  });

  // A wiki with the gallery extension (the default test wiki has none: a gallery would be text)
  // and a Foo.jpg (a missing file shows no alt text to write back).
  const galleryEnv = {
    ...env,
    data: {
      ...env.data,
      async getFileInfo(requests: readonly FileRequest[]) {
        const info: FileInfo = { width: 1000, height: 500, mime: "image/jpeg", mediatype: "BITMAP", url: "http://img.test/Foo.jpg" };
        return new Map(requests.filter((r) => r.name === "Foo.jpg").map((r) => [r.name, info]));
      },
    },
    site: SiteConfig.fromSiteInfo({
      ...siteInfo,
      extensiontags: [...siteInfo.extensiontags, "<gallery>"],
      magicwords: [
        ...siteInfo.magicwords,
        { name: "img_alt", aliases: ["alt=$1"], "case-sensitive": true },
        { name: "img_link", aliases: ["link=$1"], "case-sensitive": true },
      ],
    }),
  };

  it("writes an edited caption where the line had it, before the options it makes necessary", async () => {
    // The default alt text was the old caption: after the edit it is an option of its own.
    const source = "<gallery>\nFoo.jpg|123\n</gallery>";
    const { html } = await wt2html(source, galleryEnv, { bodyOnly: true, inlineDataParser: true });
    const edited = html.replace(/(<div class="gallerytext"[^>]*>)123</, "$1456<");
    expect(edited).not.toBe(html);
    expect(await html2wt(edited, galleryEnv)).toBe("<gallery>\nFoo.jpg|456|alt=123\n</gallery>");
  });

  it("round-trips gallery lines as written (title spelling, options, captions)", async () => {
    const source = "<gallery>\nFoo.jpg|alt=Other|Caption ''here''\nimage:foo.jpg|link=Main Page\n</gallery>";
    const { html } = await wt2html(source, galleryEnv, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain("mw:Extension/gallery");
    expect(await html2wt(html, galleryEnv)).toBe(source);
  });
});

describe("html2wt: the page option", () => {
  // data-mw keeps the page; the href's ?page= query is only its rendering.
  const withDataMw = (html: string, dataMw: string) => html.replace(/ data-mw='[^']*'/, ` data-mw='${dataMw}'`);
  it("keeps the option as written while data-mw still has that page", async () => {
    const source = "[[File:Foobar.jpg|page 3]]";
    const { html } = await wt2html(source, env, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain('"page"');
    expect(await html2wt(html, env)).toBe(source);
  });
  it("drops the option when data-mw no longer has it, and writes a changed page anew", async () => {
    const { html } = await wt2html("[[File:Foobar.jpg|page 3]]", env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(withDataMw(html, "{}"), env)).toBe("[[File:Foobar.jpg]]");
    expect(await html2wt(withDataMw(html, '{"attribs":[["page",{"txt":"4"}]]}'), env)).toBe("[[File:Foobar.jpg|page=4]]");
  });
});

describe("html2wt: option words", () => {
  it("writes new options in the wiki's own words", () => {
    const site = makeEnv().site;
    expect(localizeOption(site, "thumb")).toBe("thumb");
    expect(localizeOption(site, "20x20px")).toBe("20x20px");
    expect(localizeOption(site, "link=")).toBe("link=");
    const german = SiteConfig.fromSiteInfo({
      ...siteInfo,
      magicwords: [
        ...(siteInfo.magicwords ?? []),
        { name: "img_thumbnail", aliases: ["mini", "thumb"], "case-sensitive": true },
        { name: "img_lang", aliases: ["sprache=$1", "lang=$1"], "case-sensitive": true },
        { name: "img_width", aliases: ["$1pkt", "$1px"], "case-sensitive": true },
      ],
    });
    expect(localizeOption(german, "thumb")).toBe("mini");
    expect(localizeOption(german, "lang=ru")).toBe("sprache=ru");
    expect(localizeOption(german, "20x20px")).toBe("20x20pkt");
  });
});
