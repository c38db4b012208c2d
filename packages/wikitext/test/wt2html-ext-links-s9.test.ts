// Extension tags, entities and links (session 9): raw HTML (`<html>`), extension output kept as
// HTML in data-mw, MediaWiki's own entity names, link classes inside embedded HTML.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";
import { lint } from "../src/lint/index.js";
import { extSite, extEnv } from "./ext/env.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, extensiontags: [...(extSite.info.extensiontags ?? []), "<html>", "<embedtag>"] });

async function convert(source: string, pages: Record<string, string> = {}): Promise<string> {
  const { html } = await wt2html(source, { ...extEnv(pages), site }, { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

/** The first data-mw object of some HTML. */
function dataMw(html: string): Record<string, unknown> {
  const m = / data-mw=(?:"([^"]*)"|'([^']*)')/.exec(html);
  const raw = (m?.[1] ?? m?.[2] ?? "{}").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
  return JSON.parse(raw) as Record<string, unknown>;
}

describe("raw HTML (<html>)", () => {
  it("puts one element in place, unsanitized, carrying the extension's typeof and data-mw", async () => {
    const html = await convert("a <html><script>x < y;</script></html> b");
    expect(html).toMatch(/^<p>a <script typeof="mw:Extension\/html" data-mw=(?:"[^"]*"|'[^']*')>x < y;<\/script> b<\/p>$/);
    expect(dataMw(html)).toEqual({ name: "html", attrs: {}, body: { extsrc: "<script>x < y;</script>" } });
  });

  it("wraps top-level text in spans and groups every node by one about id", async () => {
    const html = await convert("<html>one <b>two</b><br></html>");
    const about = /about="(#[^"]+)"/.exec(html)?.[1];
    expect(about).toBeDefined();
    expect(html).toContain(`<span typeof="mw:Extension/html" about="${about}"`);
    expect(html).toContain(`>one </span><b about="${about}">two</b><br about="${about}"/>`);
  });

  it("leaves French spacing and other wikitext alone inside the HTML", async () => {
    const html = await convert("<html><style>a : b</style>''c''</html>");
    expect(html).toContain(">a : b</style>");
    expect(html).toContain(">''c''</span>");
    expect(html).not.toContain("DisplaySpace");
  });

  it("is a link placeholder when empty", async () => {
    expect(await convert("<html/>")).toContain('<link typeof="mw:Extension/html" data-mw=\'{"name":"html","attrs":{}}\'/>');
  });

  it("stays text on a wiki that does not list the tag", async () => {
    const { html } = await wt2html("<html><b>x</b></html>", extEnv(), { bodyOnly: true });
    expect(html).toContain("&lt;html&gt;");
  });
});

describe("HTML kept in data-mw", () => {
  it("<embedtag> keeps its parsed body as HTML with the links' classes, and shows nothing", async () => {
    const html = await convert("<embedtag>see [[Nowhere]] and [[Here]]</embedtag>", { Here: "x" });
    expect(html).toMatch(/^<p><span typeof="mw:Extension\/embedtag" data-mw=(?:"[^"]*"|'[^']*')><\/span><\/p>$/);
    const body = dataMw(html)["body"] as { html: string };
    expect(body.html).toMatch(/^see <a rel="mw:WikiLink" href="\.\/Nowhere\?action=edit&amp;redlink=1" title="Nowhere" class="new" [^>]*>Nowhere<\/a> and <a rel="mw:WikiLink" href="\.\/Here" title="Here">Here<\/a>$/);
  });

  it("an inline image's caption marks a missing page's link as a red link", async () => {
    const html = await convert("[[File:Photo.jpg|see [[Nowhere]]]]");
    const caption = String(dataMw(html)["caption"]);
    expect(caption).toContain('href="./Nowhere?action=edit&amp;redlink=1"');
    expect(caption).toContain('class="new"');
  });
});

describe("entities", () => {
  it("reads MediaWiki's Hebrew and Arabic names of the right-to-left mark", async () => {
    const html = await convert("a&\u05e8\u05dc\u05de;b&\u0631\u0644\u0645;c&\u05e8\u05dc;d");
    expect(html).toBe('<p>a<span typeof="mw:Entity">\u200f</span>b<span typeof="mw:Entity">\u200f</span>c&amp;\u05e8\u05dc;d</p>');
  });
});

describe("link hrefs", () => {
  it("keep square brackets in a fragment (MediaWiki's HTML5 ids keep them)", async () => {
    const html = await convert("[[Here#[a] b]] [[#&#91;x&#93;]]", { Here: "x" });
    expect(html).toContain('href="./Here#[a]_b"');
    expect(html).toContain('href="./Test_page#[x]"');
  });

  it("name a missing file in its upload link as wfUrlencode does", async () => {
    const html = await convert("[[File:It's (a) *test*.jpg]]");
    expect(html).toContain('href="./Special:Upload?wpDestFile=It%27s_(a)_*test*.jpg"');
  });

  it("name a missing gallery file the same way", async () => {
    const html = await convert("<gallery>\nFile:It's (a) *test*.jpg\n</gallery>");
    expect(html).toContain('href="./Special:Upload?wpDestFile=It%27s_(a)_*test*.jpg"');
  });
});

describe("wiki links in an external link's text", () => {
  it("are read as links: the external link ends before them (HTML's nested <a> rule)", async () => {
    const html = await convert("[http://x.org a [[Here|b]] c] d", { Here: "x" });
    expect(html).toBe('<p><a rel="mw:ExtLink nofollow" href="http://x.org" class="external text">a </a><a rel="mw:WikiLink" href="./Here" title="Here">b</a> c d</p>');
  });

  it("leave an external link with nothing before them empty; the unchanged source comes back", async () => {
    const source = "[http://x.org [[Here]]]";
    const env = { ...extEnv({ Here: "x" }), site };
    const { html: full } = await wt2html(source, env, {});
    expect(await html2wt(full, env, { original: { wikitext: source, html: full } })).toBe(source);
    const html = await convert(source, { Here: "x" });
    expect(html).toBe('<p><a rel="mw:ExtLink nofollow" href="http://x.org" class="external text"></a><a rel="mw:WikiLink" href="./Here" title="Here">Here</a></p>');
  });

  it("stay text inside a wiki link's text, as before", async () => {
    const html = await convert("[[Here|a [[B]] c]]", { Here: "x" });
    expect(html).not.toContain('href="./Here"');
  });
});

describe("link titles", () => {
  it("are NFC (as MediaWiki's) when a character reference spells the target; the text stays as written", async () => {
    const html = await convert("[[&#xFB2E;]]");
    expect(html).toContain('href="./\u05d0\u05b7?action=edit&amp;redlink=1"');
    expect(html).toContain('title="\u05d0\u05b7"');
    expect(html).toContain(">\ufb2e</a>");
  });
});

describe("packed galleries", () => {
  it("show a player fetched larger at the row height, as they show images", async () => {
    const env = { ...extEnv(), site };
    const getFileInfo = env.data.getFileInfo.bind(env.data);
    env.data = {
      ...env.data,
      async getFileInfo(requests) {
        const out = await getFileInfo(requests);
        for (const r of requests) if (r.name === "Tune.oga") out.set(r.name, { width: 0, height: 0, mime: "audio/ogg", mediatype: "AUDIO", duration: 3, url: "http://files.test/Tune.oga" });
        return out;
      },
    };
    const { html } = await wt2html("<gallery mode=\"packed\">\nFile:Tune.oga|tune\n</gallery>", env, { bodyOnly: true });
    expect(html).toMatch(/<audio [^>]*height="120" width="120" style="width: 120px;"/);
  });
});

describe("lint of wiki links in external link text", () => {
  it("reports the whole external link once, its quotes cut with it not as unclosed", async () => {
    const source = "[http://x.org see ''[[Here]]''] and [http://x.org [[A|b]] c]";
    const items = await lint(source, { ...extEnv({ Here: "x" }), site });
    expect(items).toEqual([
      { type: "wikilink-in-extlink", dsr: [0, 31, 14, 1] },
      { type: "wikilink-in-extlink", dsr: [36, 60, 14, 1] },
    ]);
  });
});

describe("a media link= URL that a template continues", () => {
  it("is the link's href, with no expanded attribute and no transclusion of its own; its source comes back", async () => {
    const pages = { "Template:Echo": "{{{1}}}" };
    const source = "[[File:Photo.jpg|link=http://x.org/{{echo|y}}|cap]]";
    const html = await convert(source, pages);
    expect(html).toContain('<a href="http://x.org/y"');
    expect(html).not.toContain("mw:ExpandedAttrs");
    expect(html).not.toContain("mw:Transclusion");
    const env = { ...extEnv(pages), site };
    const { html: full } = await wt2html(source, env, {});
    expect(await html2wt(full, env)).toBe(source);
  });

  it("is still an expanded attribute when the template writes the URL's start", async () => {
    const html = await convert("[[File:Photo.jpg|link={{echo|http://x.org/}}y|cap]]", { "Template:Echo": "{{{1}}}" });
    expect(html).toContain("mw:ExpandedAttrs");
  });
});

describe("media options a template wrote several of", () => {
  const pages = { "Template:Attrs": "right|Cap", "Template:Echo": "{{{1}}}" };

  it("make the media a placeholder keeping its source, with no transclusion of its own", async () => {
    const source = "[[File:Photo.jpg|{{attrs}}]]";
    const html = await convert(source, pages);
    expect(html).toMatch(/^<figure class="mw-default-size mw-halign-right" typeof="mw:File mw:Placeholder">/);
    expect(html).toContain("<figcaption>Cap</figcaption>");
    expect(html).not.toContain("mw:Transclusion");
    expect(html).not.toContain("mw:ExpandedAttrs");
    const env = { ...extEnv(pages), site };
    const { html: full } = await wt2html(source, env, {});
    expect(await html2wt(full, env)).toBe(source);
  });

  it("leave one templated option an expanded attribute, and {{!}} as written a separator of the page", async () => {
    const html = await convert("[[File:Photo.jpg|{{echo|right}}|Cap]]", pages);
    expect(html).not.toContain("mw:Placeholder");
    expect(html).toContain("mw:ExpandedAttrs");
    expect(await convert("[[File:Photo.jpg|right{{!}}Cap]]", pages)).not.toContain("mw:Placeholder");
  });
});

describe("a media link a template wrote whole", () => {
  it("is no placeholder: its pipes are its own", async () => {
    const html = await convert("{{echo|1=[[File:Photo.jpg|right|Cap]]}}", { "Template:Echo": "{{{1}}}" });
    expect(html).not.toContain("mw:Placeholder");
    expect(html).toContain("mw:Transclusion");
  });
});
