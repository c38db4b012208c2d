import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, type DataAccess, type FileInfo, type FileRequest } from "../src/index.js";
import { makeEnv, siteInfo } from "./helpers/env.js";

/** An environment whose file repository answers each request with `answer` and records the requests. */
function recordingEnv(answer: (request: FileRequest) => FileInfo | undefined) {
  const env = makeEnv();
  const calls: FileRequest[][] = [];
  const data: DataAccess = {
    ...env.data,
    async getFileInfo(requests) {
      calls.push([...requests]);
      const out = new Map<string, FileInfo>();
      for (const r of requests) {
        const info = answer(r);
        if (info) out.set(r.name, info);
      }
      return out;
    },
  };
  return { env: { ...env, data }, calls };
}

// A tiny file repository: one bitmap, 1000×500, with thumbnails on request, and a small
// 100×80 picture (Icon.png) never asked for at another size.
function mediaEnv() {
  return recordingEnv((r) => {
    if (r.name === "Icon.png") {
      return r.width === undefined && r.height === undefined ? { width: 100, height: 80, mime: "image/png", mediatype: "BITMAP", url: "http://img.test/Icon.png" } : undefined;
    }
    if (r.name !== "Photo.jpg") return undefined;
    const info: FileInfo = { width: 1000, height: 500, mime: "image/jpeg", mediatype: "BITMAP", url: "http://img.test/Photo.jpg" };
    if (r.width) {
      info.thumbwidth = r.width;
      info.thumbheight = Math.round((r.width * 500) / 1000);
      info.thumburl = `http://img.test/${r.width}px-Photo.jpg`;
      info.responsiveUrls = { "2x": `http://img.test/${2 * r.width}px-Photo.jpg` };
    }
    return info;
  });
}

async function html(wikitext: string, env = mediaEnv().env): Promise<string> {
  return (await wt2html(wikitext, env, { bodyOnly: true })).html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("wt2html: media", () => {
  it("renders an inline image at its natural size", async () => {
    expect(await html("[[File:Photo.jpg]]")).toBe(
      '<p><span class="mw-default-size" typeof="mw:File"><a href="./File:Photo.jpg" class="mw-file-description"><img resource="./File:Photo.jpg" src="http://img.test/Photo.jpg" decoding="async" data-file-width="1000" data-file-height="500" data-file-type="bitmap" height="500" width="1000" class="mw-file-element"/></a></span></p>',
    );
  });
  it("renders thumbnails as figures with captions and srcset", async () => {
    const out = await html("[[File:Photo.jpg|thumb|200px|A ''nice'' [[Main Page|photo]]]]");
    expect(out).toContain('<figure typeof="mw:File/Thumb">');
    expect(out).toContain('src="http://img.test/200px-Photo.jpg"');
    expect(out).toContain('srcset="http://img.test/400px-Photo.jpg 2x"');
    expect(out).toContain('height="100" width="200"');
    expect(out).toContain('<figcaption>A <i>nice</i> <a rel="mw:WikiLink" href="./Main_Page" title="Main Page">photo</a></figcaption>');
  });
  it("uses the caption of inline images as tooltip and alt text", async () => {
    const out = await html("[[File:Photo.jpg|left|Hello]]");
    expect(out).toContain('<figure class="mw-default-size mw-halign-left" typeof="mw:File">');
    expect(out).toContain('title="Hello"');
    expect(out).toContain('alt="Hello"');
  });
  it("never enlarges bitmaps", async () => {
    expect(await html("[[File:Photo.jpg|2000px]]")).toContain('height="500" width="1000"');
  });
  it("marks missing files as broken media", async () => {
    const out = await html("[[File:Missing.png]]");
    expect(out).toContain('typeof="mw:Error mw:File"');
    expect(out).toContain('<span class="mw-file-element mw-broken-media" resource="./File:Missing.png">File:Missing.png</span>');
  });
  it("links a missing file to its upload form and shows an inline caption in its place", async () => {
    const out = await html("[[File:Missing.png|A caption]]");
    expect(out).toContain('<a href="./Special:Upload?wpDestFile=Missing.png" class="new" title="File:Missing.png">');
    expect(out).toContain('<span class="mw-file-element mw-broken-media" resource="./File:Missing.png">A caption</span>');
    // An explicit link stays as written.
    expect(await html("[[File:Missing.png|link=Main Page]]")).toContain('<a href="./Main_Page" title="Main Page">');
  });
  it("marks upright thumbnails with their factor and gives figures no vertical alignment", async () => {
    const out = await html("[[File:Photo.jpg|thumb|upright=0.5|middle]]");
    expect(out).toContain('class="mw-file-element mw-file-upright" style="--mw-file-upright: 0.5"');
    expect(out).toContain('<figure class="mw-default-size" typeof="mw:File/Thumb">');
  });
  it("asks for the page and language shown, and links the description page to them", async () => {
    const { env, calls } = mediaEnv();
    const out = await html("[[File:Photo.jpg|page=3|lang=de|100px]]", env);
    expect(out).toContain(`data-mw='{"attribs":[["page",{"txt":"3"}]]}'`);
    expect(out).toContain('href="./File:Photo.jpg?page=3&amp;lang=de"');
    expect(out).toContain('lang="de"');
    expect(calls[1]).toEqual([{ name: "Photo.jpg", width: 100, page: 3, lang: "de" }]);
  });
  it("asks for a drawing in the page's language when no lang= is given, and lets the file decide", async () => {
    const { env, calls } = recordingEnv((r) => {
      const drawing = r.name.endsWith(".svg");
      return { width: 240, height: 180, mime: drawing ? "image/svg+xml" : "image/jpeg", mediatype: drawing ? "DRAWING" : "BITMAP", url: `http://img.test/${r.name}` };
    });
    await html("[[File:Map.svg|100px]] [[File:Map.svg|100px|lang=en]] [[File:Photo.jpg|100px]]", { ...env, page: { title: "Seite", pagelanguage: "de" } });
    const scaled = calls.slice(1).flat();
    expect(scaled).toContainEqual({ name: "Map.svg", width: 100, targetLang: "de" });
    expect(scaled).toContainEqual({ name: "Map.svg", width: 100, lang: "en" });
    expect(scaled).toContainEqual({ name: "Photo.jpg", width: 100 });
  });
  it("renders a video as a player with a poster and its source, keeping link= in data-mw", async () => {
    const env = makeEnv();
    const data: DataAccess = {
      ...env.data,
      async getFileInfo(requests) {
        const out = new Map<string, FileInfo>();
        for (const r of requests) {
          const info: FileInfo = { width: 320, height: 240, mime: "video/webm", mediatype: "VIDEO", url: "http://img.test/Clip.webm", duration: 2.2,
            derivatives: [{ src: "http://img.test/Clip.240p.webm", type: "video/webm; codecs=vp9", transcodekey: "240p.webm", width: 320, height: 240 }] };
          if (r.width) Object.assign(info, { thumbwidth: r.width, thumbheight: (r.width * 3) / 4, thumburl: `http://img.test/${r.width}px-Clip.jpg` });
          out.set(r.name, info);
        }
        return out;
      },
    };
    const out = await html("[[File:Clip.webm|link=Main Page]]", { ...env, data });
    expect(out).toContain(`data-mw='{"attribs":[["link",{"txt":"Main Page"}]]}'`);
    expect(out).toContain('<span><video resource="./File:Clip.webm" poster="http://img.test/320px-Clip.jpg" controls="" preload="none" data-mw-tmh="" class="mw-file-element" width="320" height="240" data-durationhint="3">');
    expect(out).toContain('<source src="http://img.test/Clip.webm" type="video/webm" data-file-width="320" data-file-height="240"/>');
    expect(out).toContain('<source src="http://img.test/Clip.240p.webm" type="video/webm; codecs=vp9" data-transcodekey="240p.webm" data-width="320" data-height="240"/></video></span>');
    // Without link=, an inline caption is the player's tooltip.
    expect(await html("[[File:Clip.webm|Hello]]", { ...env, data })).toContain('<span title="Hello"><video');
  });
  it("renders audio as a player bar of the default size", async () => {
    const env = makeEnv();
    const data: DataAccess = {
      ...env.data,
      async getFileInfo(requests) {
        return new Map(requests.map((r) => [r.name, { width: 0, height: 0, mime: "audio/ogg", mediatype: "AUDIO", url: "http://img.test/Tune.oga", duration: 0.4 } as FileInfo]));
      },
    };
    const out = await html("[[File:Tune.oga]]", { ...env, data });
    expect(out).toContain('<span class="mw-default-size mw-default-audio-height" typeof="mw:File"><span><audio');
    expect(out).toContain('height="32" width="180" style="width: 180px;" data-durationhint="1"><source src="http://img.test/Tune.oga" type="audio/ogg"/></audio>');
  });
  it("asks for file info once for natural sizes and once per box", async () => {
    const { env, calls } = mediaEnv();
    await html("[[File:Photo.jpg|100px]] [[File:Photo.jpg|100px]] [[File:Photo.jpg|300px]] [[File:Photo.jpg]]", env);
    expect(calls.length).toBe(3);
  });
  it("shows a manual thumbnail (thumb=Other.png) unscaled, linking to the file's page", async () => {
    const out = await html("[[File:Photo.jpg|thumb=Icon.png|50px|Caption]]");
    expect(out).toContain(`<figure typeof="mw:File/Thumb" data-mw='{"attribs":[["manualthumb",{"txt":"Icon.png"}]]}'>`);
    // The link loses mw-file-description: what it shows is another file.
    expect(out).toContain('<a href="./File:Photo.jpg"><img resource="./File:Photo.jpg" src="http://img.test/Icon.png"');
    expect(out).toContain('data-file-width="100" data-file-height="80" data-file-type="bitmap" height="80" width="100"');
    expect(out).not.toContain("srcset");
  });
  it("ignores a manual thumbnail after another format, and reports an empty one", async () => {
    expect(await html("[[File:Photo.jpg|frameless|thumb=Icon.png]]")).not.toContain("Icon.png");
    const out = await html("[[File:Photo.jpg|thumb=]]");
    expect(out).toContain('"errors":[{"key":"apierror-invalidtitle","message":"Invalid thumbnail title.","params":{"name":""}}]');
    expect(out).toContain('typeof="mw:Error mw:File/Thumb"');
  });
  it("gives external image links the wiki's external link target", async () => {
    const { env } = mediaEnv();
    const site = SiteConfig.fromSiteInfo({ ...siteInfo, general: { ...siteInfo.general, externallinktarget: "_blank" } });
    const out = await html("[[File:Photo.jpg|link=http://example.com/]]", { ...env, site });
    expect(out).toContain('<a href="http://example.com/" rel="nofollow" target="_blank">');
  });
  it("links [[Media:...]] to the file itself", async () => {
    expect(await html("[[Media:Photo.jpg|the file]]")).toBe(
      '<p><a rel="mw:MediaLink" href="http://img.test/Photo.jpg" resource="./Media:Photo.jpg" title="Photo.jpg">the file</a></p>',
    );
  });
});
