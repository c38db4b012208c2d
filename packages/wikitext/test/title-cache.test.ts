import { describe, expect, it } from "vitest";
import { NS_TEMPLATE, Title, TitleError } from "../src/env/title.js";
import { testSite as site } from "./site-fixture.js";

describe("Title parse cache", () => {
  // The cache lives as long as the site: every conversion of the wiki shares it.
  it("gives the same immutable title for the same input and default namespace", () => {
    const first = Title.parse("cache_test page", site);
    expect(Title.parse("cache_test page", site)).toBe(first);
    expect(Title.tryParse("cache_test page", site)).toBe(first);
    expect(first.prefixedText).toBe("Cache test page");
  });

  it("caches plainly written titles too, with the strings derived from them", () => {
    const first = Title.parse("Cache plain target", site);
    expect(Title.tryParse("Cache plain target", site)).toBe(first);
    expect(first.relativeHref).toBe("./Cache_plain_target");
    expect(Title.parse("Cache plain target", site).relativeHref).toBe(first.relativeHref);
  });

  it("keeps often used titles when rarely used ones age out", () => {
    const kept = Title.parse("Cache often used", site);
    // More distinct titles than two generations hold, the often used one asked for in between.
    for (let i = 0; i < 50_000; i++) {
      Title.parse(`Cache rare ${i}`, site);
      if (i % 5_000 === 0) expect(Title.parse("Cache often used", site)).toBe(kept);
    }
    expect(Title.parse("Cache often used", site)).toBe(kept);
    // The rarely used first ones were dropped and are parsed again (a new, equal title).
    const rare = Title.parse("Cache rare 0", site);
    expect(rare.dbKey).toBe("Cache_rare_0");
  });

  it("keeps default namespaces apart", () => {
    const main = Title.parse("Cache_infobox", site);
    const template = Title.parse("Cache_infobox", site, NS_TEMPLATE);
    expect(main.ns).toBe(0);
    expect(template.ns).toBe(NS_TEMPLATE);
    expect(Title.parse("Cache_infobox", site, NS_TEMPLATE)).toBe(template);
  });

  it("remembers why an input is no title", () => {
    for (let round = 0; round < 2; round++) {
      expect(Title.tryParse("Cache <bad>", site)).toBeNull();
      let error: unknown;
      try {
        Title.parse("Cache <bad>", site);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TitleError);
      expect((error as TitleError).code).toBe("title-invalid-characters");
      expect((error as TitleError).input).toBe("Cache <bad>");
    }
  });

  it("still parses correctly after the cache filled up and started over", () => {
    const before = Title.parse("Cache overflow target", site);
    for (let i = 0; i < 12_000; i++) expect(Title.parse(`Cache filler ${i}`, site).dbKey).toBe(`Cache_filler_${i}`);
    const after = Title.parse("Cache overflow target", site);
    expect(after.prefixedDbKey).toBe(before.prefixedDbKey);
    expect(after.equals(before)).toBe(true);
  });
});

describe("Plainly written titles (parsed by the fast path)", () => {
  it("give the same title as the full rules", () => {
    // Each pair: a plain input and one the full rules handle (an underscore or doubled space).
    const pairs: Array<[string, string, number]> = [
      ["cache plain page", "cache_plain page", 0],
      ["a", "a_", 0],
      ["Foo (bar), baz's 1,000!", "Foo  (bar), baz's 1,000!", 0],
      ["infobox person", "infobox__person", NS_TEMPLATE],
      ["St. Louis", "St._Louis", 0],
    ];
    for (const [plain, full, ns] of pairs) {
      const a = Title.parse(plain, site, ns);
      const b = Title.parse(full, site, ns);
      expect([a.ns, a.dbKey, a.prefixedText, a.fragment, a.interwiki]).toEqual([b.ns, b.dbKey, b.prefixedText, b.fragment, b.interwiki]);
    }
  });

  it("leave everything else to the full rules", () => {
    expect(Title.parse("template:x", site).ns).toBe(NS_TEMPLATE);
    expect(Title.parse("a#b c", site).fragment).toBe("b c");
    expect(Title.tryParse("a/../b", site)).toBeNull();
    expect(Title.tryParse("..", site)).toBeNull();
    expect(Title.tryParse("a~~~b", site)).toBeNull();
    expect(Title.tryParse("x%41", site)).toBeNull();
    expect(Title.parse("ä b", site).dbKey).toBe("Ä_b");
    expect(Title.tryParse("x".repeat(256), site)).toBeNull();
  });
});
