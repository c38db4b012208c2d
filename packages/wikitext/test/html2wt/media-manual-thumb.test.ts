// html2wt of media whose HTML no longer carries the original options: the options come back
// from what the figure shows, and a manual thumbnail (data-mw attribs) from what it names.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

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
