import { describe, expect, it } from "vitest";
import { extHtml } from "./html.js";

describe("gallery", () => {
  it("renders each line as a box with the image fitted to the gallery size and its caption", async () => {
    const html = await extHtml("<gallery widths=100 heights=80px>\nPhoto.jpg|alt=Alt text|A '''bold''' [[Main Page]]\n</gallery>");
    expect(html).toContain('<ul typeof="mw:Extension/gallery" class="gallery mw-gallery-traditional" data-mw=\'{"name":"gallery","attrs":{"widths":"100","heights":"80px"},"body":{}}\'>');
    expect(html).toContain('<li class="gallerybox" style="width: 135px;"><div class="thumb" style="width: 130px; height: 110px;">');
    // The image fits a 100x80 box; its tooltip is the caption's plain text.
    expect(html).toMatch(/<a href="\.\/File:Photo\.jpg" class="mw-file-description" title="A bold Main Page"><img alt="Alt text"[^>]*src="http:\/\/files\.test\/100px-Photo\.jpg"[^>]*height="50" width="100"/);
    expect(html).toContain('<div class="gallerytext">A <b>bold</b> <a rel="mw:WikiLink" href="./Main_Page?action=edit&amp;redlink=1"');
  });

  it("shows a missing file as an upload link, keeping only the box height", async () => {
    const html = await extHtml("<gallery>\nFile:Missing.png|Gone\n</gallery>");
    expect(html).toContain('<div class="thumb" style="height: 150px;"><span typeof="mw:Error mw:File"');
    expect(html).toContain('<a href="./Special:Upload?wpDestFile=Missing.png" class="new" title="File:Missing.png"><span class="mw-file-element mw-broken-media" resource="./File:Missing.png" data-width="120" data-height="120">Gone</span></a>');
  });

  it("ignores options a gallery image cannot take and skips lines that name no file", async () => {
    const html = await extHtml('<gallery caption="Pics" perrow=2 class="extra">\nPhoto.jpg|thumb|300px|upright|Cap\nTalk:Nope\n\n</gallery>');
    expect(html).toContain('class="gallery mw-gallery-traditional extra" style="max-width: 326px;"');
    expect(html).toContain('<li class="gallerycaption">Pics</li>');
    expect(html.match(/class="gallerybox"/g)).toHaveLength(1);
    expect(html).toContain('src="http://files.test/120px-Photo.jpg"');
    expect(html).toContain('<div class="gallerytext">Cap</div>');
  });

  it("gives a caption spelled like an option back as text", async () => {
    const html = await extHtml("<gallery>\nPhoto.jpg|[[Main Page|thumb]]\n</gallery>");
    expect(html).toContain('title="thumb"><img alt="thumb"');
  });
});
