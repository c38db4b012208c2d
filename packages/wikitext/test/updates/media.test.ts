import { describe, expect, it } from "vitest";
import { updateMedia, wt2html, type DataAccess, type Env, type FileInfo } from "../../src/index.js";
import { makeEnv } from "../helpers/env.js";

/** A file repository whose one file can be re-uploaded at another size, or deleted. */
function repository() {
  const state: { width: number; height: number } | null = { width: 1000, height: 500 };
  let current = state as { width: number; height: number } | null;
  const base = makeEnv();
  const data: DataAccess = {
    ...base.data,
    async getFileInfo(requests) {
      const out = new Map<string, FileInfo>();
      for (const r of requests) {
        if (r.name !== "Photo.jpg" || !current) continue;
        const { width, height } = current;
        const info: FileInfo = { width, height, mime: "image/jpeg", mediatype: "BITMAP", url: `http://img.test/${width}/Photo.jpg` };
        if (r.width) {
          info.thumbwidth = r.width;
          info.thumbheight = Math.round((r.width * height) / width);
          info.thumburl = `http://img.test/${width}/${r.width}px-Photo.jpg`;
        }
        out.set(r.name, info);
      }
      return out;
    },
  };
  const env: Env = { ...base, data };
  return {
    env,
    reupload(width: number, height: number) {
      current = { width, height };
    },
    remove() {
      current = null;
    },
  };
}

async function bundle(wikitext: string, env: Env) {
  return wt2html(wikitext, env, { inlineDataParser: false });
}

describe("page-bundle update: media", () => {
  it("refreshes sizes and URLs from the current file info and keeps the rest of the page", async () => {
    const repo = repository();
    const source = "Intro with [[Main Page|a link]].\n\n[[File:Photo.jpg|thumb|A caption]]\n\nAn inline [[File:Photo.jpg|50px]] image.";
    const before = await bundle(source, repo.env);
    expect(before.html).toContain("http://img.test/1000/180px-Photo.jpg");
    expect(before.html).toContain('data-file-width="1000"');

    repo.reupload(2000, 2000);
    const after = await updateMedia(before.html, before.dataParser, repo.env);
    expect(after.html).not.toContain("http://img.test/1000/");
    expect(after.html).toContain('data-file-width="2000"');
    expect(after.html).toContain("http://img.test/2000/50px-Photo.jpg");
    // The thumbnail keeps its caption; the rest of the page is untouched.
    expect(after.html).toContain("A caption</figcaption>");
    expect(after.html).toMatch(/title="Main Page"[^>]*>a link<\/a>/);
    // A fresh rendering of the same source with the new file gives the same body.
    const fresh = await bundle(source, repo.env);
    const body = (html: string) => html.slice(html.indexOf("<body"));
    expect(body(after.html)).toBe(body(fresh.html));
  });

  it("keeps each refreshed node's source range where it was in the page", async () => {
    const repo = repository();
    const source = "Some text first.\n\n[[File:Photo.jpg|thumb|Cap]]";
    const before = await bundle(source, repo.env);
    repo.reupload(640, 480);
    const after = await updateMedia(before.html, before.dataParser, repo.env);
    const figureId = /<figure[^>]* id="(mw[^"]+)"/.exec(after.html)![1]!;
    const dsr = (after.dataParser.ids[figureId] as { dsr: number[] }).dsr;
    expect(source.slice(dsr[0], dsr[1])).toBe("[[File:Photo.jpg|thumb|Cap]]");
  });

  it("marks a file that was deleted as missing media", async () => {
    const repo = repository();
    const before = await bundle("[[File:Photo.jpg]]", repo.env);
    repo.remove();
    const after = await updateMedia(before.html, before.dataParser, repo.env);
    expect(after.html).toContain('typeof="mw:Error mw:File"');
  });

  it("leaves media that a template produced to the transclusions update", async () => {
    const repo = repository();
    const env: Env = {
      ...repo.env,
      data: {
        ...repo.env.data,
        async getPageSource(title, revid) {
          if (title === "Template:Pic") return { title, revid: 5, source: "[[File:Photo.jpg|30px]]" };
          return repo.env.data.getPageSource(title, revid);
        },
      },
    };
    const before = await bundle("{{Pic}}", env);
    repo.reupload(300, 300);
    const after = await updateMedia(before.html, before.dataParser, env);
    expect(after.html).toContain("http://img.test/1000/30px-Photo.jpg");
  });
});
