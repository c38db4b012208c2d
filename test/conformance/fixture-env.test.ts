import { describe, expect, it } from "vitest";
import type { SiteInfo } from "@wikiloom/wikitext";
import {
  buildParserTestSiteInfo,
  caseParserFunctionOutput,
  caseTitle,
  FixtureDataAccess,
  md5Hex,
  type MockMedia,
  MockFileRepo,
  ParserTestEnvFactory,
  type ParserTestCase,
  PARSER_TEST_REVISION_ID,
  PARSER_TEST_TIMESTAMP,
  scaleToFit,
  siteSettingsForCase,
} from "../../packages/wikitext/src/testing/index.js";

// The mock repository's files as testenv.json describes them (sizes are facts of the fixture).
const media: MockMedia = {
  image_base_url: "http://example.com/images",
  files: {
    "Foobar.jpg": { size: 7881, width: 1941, height: 220, bits: 8, mime: "image/jpeg" },
    "File_%26_file.jpg": { size: 7881, width: 1941, height: 220, bits: 8, mime: "image/jpeg" },
    "Foobar.svg": { size: 12345, width: 240, height: 180, bits: 24, mime: "image/svg+xml" },
    "Tall.jpg": { size: 8888, width: 400, height: 600, bits: 8, mime: "image/jpeg" },
    "LoremIpsum.djvu": { size: 3249, width: 2480, height: 3508, mime: "image/vnd.djvu", mediatype: "OFFICE", pagecount: 5 },
    "Video.ogv": {
      size: 12345, width: 320, height: 240, mime: 'video/ogg; codecs="theora"', mediatype: "VIDEO", duration: 4.37,
      extraParams: { "seek=1.2": "seek%3D1.2" },
    },
  },
};

function minimalSiteInfo(): SiteInfo {
  return {
    general: {
      mainpage: "Main Page", sitename: "Wikipedia", lang: "en", server: "//en.wikipedia.org", servername: "en.wikipedia.org",
      articlepath: "/wiki/$1", scriptpath: "/w", wikiid: "enwiki", case: "first-letter", thumblimits: [120, 150, 180, 200, 220, 250],
      magiclinks: { ISBN: false, PMID: false, RFC: false },
    },
    namespaces: {
      "0": { id: 0, name: "", case: "first-letter", content: true },
      "4": { id: 4, name: "Wikipedia", canonical: "Project", case: "first-letter", subpages: true },
      "5": { id: 5, name: "Wikipedia talk", canonical: "Project talk", case: "first-letter", subpages: true },
      "6": { id: 6, name: "File", canonical: "File", case: "first-letter" },
      "10": { id: 10, name: "Template", canonical: "Template", case: "first-letter" },
      "-1": { id: -1, name: "Special", canonical: "Special", case: "first-letter" },
      "100": { id: 100, name: "Portal", canonical: "Portal", case: "first-letter" },
    },
    namespacealiases: [{ id: 6, alias: "Image" }],
    magicwords: [{ name: "notoc", aliases: ["__NOTOC__"], "case-sensitive": false }],
    interwikimap: [{ prefix: "wikt", url: "https://en.wiktionary.org/wiki/$1" }],
    extensiontags: ["<pre>", "<nowiki>"],
    functionhooks: [],
    defaultoptions: { thumbsize: 5 },
  };
}

const environment = {
  interwiki: [{ prefix: "meatball", url: "http://www.usemod.com/cgi-bin/mb.pl?$1" }],
  extraMagicWords: [{ name: "f1_wt", aliases: ["f1_wt"], "case-sensitive": false }],
};

function testCase(extra: Partial<ParserTestCase> = {}): ParserTestCase {
  return { file: "t.txt", name: "n", wikitext: "x", html_parsoid_effective: "<p>x</p>", parsoid_only_normalization: true, ...extra };
}

describe("md5", () => {
  it("hashes UTF-8 like MediaWiki's file paths expect", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5Hex("Foobar.jpg").slice(0, 2)).toBe("3a");
    expect(md5Hex("File_&_file.jpg").slice(0, 2)).toBe("1f");
  });
});

describe("mock media", () => {
  const repo = new MockFileRepo(media, { badFiles: ["Foobar.svg"] });

  it("scales by width, by height (fitting the box) and by both", () => {
    expect(scaleToFit({ width: 1941, height: 220 }, 180, undefined)).toEqual({ width: 180, height: 20 });
    expect(scaleToFit({ width: 1941, height: 220 }, undefined, 50)).toEqual({ width: 442, height: 50 });
    expect(scaleToFit({ width: 400, height: 600 }, undefined, 70)).toEqual({ width: 46, height: 70 });
    // Both given: height-bound boxes fit their width as fitBoxWidth does (47px would round to 71px high).
    expect(scaleToFit({ width: 400, height: 600 }, 70, 70)).toEqual({ width: 46, height: 70 });
    expect(scaleToFit({ width: 1941, height: 220 }, 884, 100)).toEqual({ width: 883, height: 100 });
  });

  it("gives hashed original and thumbnail URLs with a 2x rendition", () => {
    const info = repo.fileInfo({ name: "Foobar.jpg", width: 180 })!;
    expect(info.url).toBe("http://example.com/images/3/3a/Foobar.jpg");
    expect(info.thumburl).toBe("http://example.com/images/thumb/3/3a/Foobar.jpg/180px-Foobar.jpg");
    expect([info.thumbwidth, info.thumbheight]).toEqual([180, 20]);
    expect(info.responsiveUrls).toEqual({ "2x": "http://example.com/images/thumb/3/3a/Foobar.jpg/360px-Foobar.jpg" });
  });

  it("never upscales bitmaps in the URL, but renders drawings at any size", () => {
    const big = repo.fileInfo({ name: "Foobar.jpg", width: 3000 })!;
    expect(big.thumburl).toBe("http://example.com/images/3/3a/Foobar.jpg");
    expect(big.thumbwidth).toBe(3000);
    const svg = repo.fileInfo({ name: "Foobar.svg" })!;
    expect(svg.thumburl).toBe("http://example.com/images/thumb/f/ff/Foobar.svg/240px-Foobar.svg.png");
    expect(svg.responsiveUrls?.["2x"]).toBe("http://example.com/images/thumb/f/ff/Foobar.svg/480px-Foobar.svg.png");
    expect(repo.fileInfo({ name: "Foobar.svg", width: 2000 })!.thumburl).toBe(
      "http://example.com/images/thumb/f/ff/Foobar.svg/2000px-Foobar.svg.png",
    );
    expect(svg.badFile).toBe(true);
  });

  it("renders pages of documents and seek positions of videos", () => {
    const djvu = repo.fileInfo({ name: "LoremIpsum.djvu", width: 2480, page: 2 })!;
    expect(djvu.thumburl).toBe("http://example.com/images/thumb/5/5f/LoremIpsum.djvu/page2-2480px-LoremIpsum.djvu.jpg");
    expect(djvu.responsiveUrls?.["2x"]).toBe("http://example.com/images/thumb/5/5f/LoremIpsum.djvu/page2-4960px-LoremIpsum.djvu.jpg");
    const video = repo.fileInfo({ name: "Video.ogv", seek: 1.2 })!;
    expect(video.thumburl).toBe("http://example.com/images/thumb/0/00/Video.ogv/320px-seek%3D1.2-Video.ogv.jpg");
  });

  it("URL-encodes names, accepts spaces, and knows nothing of other files", () => {
    expect(repo.fileInfo({ name: "File & file.jpg" })!.url).toBe("http://example.com/images/1/1f/File_%26_file.jpg");
    expect(repo.fileInfo({ name: "Nope.jpg" })).toBeNull();
  });
});

describe("parser-test siteinfo", () => {
  it("applies MediaWiki's parser-test globals and the test interwiki map", () => {
    const info = buildParserTestSiteInfo(minimalSiteInfo(), environment, siteSettingsForCase(testCase()));
    expect(info.general.server).toBe("http://example.org");
    expect(info.general.articlepath).toBe("/wiki/$1");
    expect(info.general.sitename).toBe("MediaWiki");
    expect(info.interwikimap.map((iw) => iw.prefix)).toEqual(["meatball"]);
    expect(info.magicwords.map((w) => w.name)).toEqual(["notoc", "f1_wt"]);
    expect(info.namespaces["100"]?.name).toBe("MemoryAlpha");
    expect(info.namespaces["4"]).toMatchObject({ name: "Base MW", canonical: "Project" });
    expect(info.general.magiclinks).toEqual({ ISBN: true, PMID: true, RFC: true });
    expect(info.general.interwikimagic).toBe(true);
    expect(info.general["allowexternalimages"]).toBe(true);
    const thumbLimits = info.general["thumblimits"] as number[];
    expect(thumbLimits[(info["defaultoptions"] as { thumbsize: number }).thumbsize]).toBe(180);
  });

  it("applies per-test options and config", () => {
    const settings = siteSettingsForCase(
      testCase({
        options_parsed: { thumbsize: "2500", subpage: "", "pmid-interwiki": "", wgallowexternalimages: "0" },
        config_parsed: { wgEnableMagicLinks: { ISBN: false, PMID: true, RFC: false }, wgInterwikiMagic: false },
      }),
    );
    const info = buildParserTestSiteInfo(minimalSiteInfo(), environment, settings);
    expect(info.general.magiclinks).toEqual({ ISBN: false, PMID: true, RFC: false });
    expect(info.general.interwikimagic).toBe(false);
    expect(info.general["allowexternalimages"]).toBe(false);
    expect(info.namespaces["0"]?.subpages).toBe(true);
    expect(info.interwikimap.map((iw) => iw.prefix)).toContain("pmid");
    const thumbLimits = info.general["thumblimits"] as number[];
    expect(thumbLimits[(info["defaultoptions"] as { thumbsize: number }).thumbsize]).toBe(2500);
  });

  it("makes namespaces non-includable only where a test sets wgNonincludableNamespaces", () => {
    const plain = buildParserTestSiteInfo(minimalSiteInfo(), environment, siteSettingsForCase(testCase()));
    expect(Object.values(plain.namespaces).some((ns) => ns.nonincludable)).toBe(false);
    const fromOption = buildParserTestSiteInfo(
      minimalSiteInfo(),
      environment,
      siteSettingsForCase(testCase({ options_parsed: { wgnonincludablenamespaces: "10" } })),
    );
    expect(fromOption.namespaces["10"]?.nonincludable).toBe(true);
    expect(fromOption.namespaces["0"]?.nonincludable).toBeUndefined();
    const fromConfig = siteSettingsForCase(testCase({ config_parsed: { wgNonincludableNamespaces: [100, 10, 10] } }));
    expect(fromConfig.nonIncludableNamespaces).toEqual([10, 100]);
  });

  it("asks for v3 parser-function output only when the case's config enables it", () => {
    expect(caseParserFunctionOutput(testCase())).toBe("v2");
    expect(caseParserFunctionOutput(testCase({ config_parsed: { wgParsoidExperimentalParserFunctionOutput: false } }))).toBe("v2");
    expect(caseParserFunctionOutput(testCase({ config_parsed: { wgParsoidExperimentalParserFunctionOutput: true } }))).toBe("v3");
  });
});

describe("fixture data access and environments", () => {
  const sources = {
    siteInfoFor: () => minimalSiteInfo(),
    environment,
    media,
    articlesByFile: new Map([
      [
        "t.txt",
        [
          { file: "t.txt", title: "Template:1x", text: "{{{1}}}" },
          { file: "t.txt", title: "main Page", text: "blah" },
          { file: "t.txt", title: "Doesnotexist", text: "defined but reported missing" },
        ],
      ],
    ]),
  };

  it("says the file's articles and the page under test exist, and nothing else", async () => {
    const env = new ParserTestEnvFactory(sources).envFor(testCase({ options_parsed: { title: "Some page" } }));
    expect(env.page).toEqual({ title: "Some page", revid: PARSER_TEST_REVISION_ID, pagelanguage: "en", timestamp: PARSER_TEST_TIMESTAMP });
    expect(PARSER_TEST_REVISION_ID).toBe(1337);
    const existence = await env.data.getPageExistence(["template:1x", "Main_Page", "Some page", "Other", "Doesnotexist", "Redirected", "Special:Version"]);
    expect(Object.fromEntries(existence)).toEqual({
      "template:1x": { exists: true },
      Main_Page: { exists: true },
      "Some page": { exists: true },
      Redirected: { exists: true, redirect: true },
      "Special:Version": { exists: true },
    });
  });

  it("serves article sources by normalised title, and file info from the mock repository", async () => {
    const env = new ParserTestEnvFactory(sources).envFor(testCase());
    expect((await env.data.getPageSource("Template:1x"))?.source).toBe("{{{1}}}");
    expect(await env.data.getPageSource("Template:Nope")).toBeNull();
    expect(await env.data.getPageSource("Doesnotexist")).toBeNull();
    const files = await env.data.getFileInfo([{ name: "Foobar.jpg", width: 120 }, { name: "Missing.png" }]);
    expect(files.get("Foobar.jpg")?.thumburl).toBe("http://example.com/images/thumb/3/3a/Foobar.jpg/120px-Foobar.jpg");
    expect(files.has("Missing.png")).toBe(false);
  });

  it("defaults the page title and shares site configurations between alike cases", () => {
    const factory = new ParserTestEnvFactory(sources);
    expect(caseTitle(testCase())).toBe("Parser test");
    expect(factory.siteFor(testCase())).toBe(factory.siteFor(testCase({ name: "other" })));
    expect(factory.siteFor(testCase())).not.toBe(factory.siteFor(testCase({ options_parsed: { thumbsize: "220" } })));
    expect(factory.siteFor(testCase())).not.toBe(factory.siteFor(testCase({ options_parsed: { wgnonincludablenamespaces: "10" } })));
  });

  it("works with a data access built directly", async () => {
    const factory = new ParserTestEnvFactory(sources);
    const site = factory.siteFor(testCase());
    const data = new FixtureDataAccess({ site, pages: [{ title: "A", text: "a" }], files: new MockFileRepo(media) });
    expect((await data.getPageSource("A"))?.revid).toBe(1);
    expect(await data.getPageSource("A", 2)).toBeNull();
  });
});
