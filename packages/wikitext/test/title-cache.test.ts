import { describe, expect, it } from "vitest";
import { NS_TEMPLATE, Title, TitleError } from "../src/env/title.js";
import { testSite as site } from "./site-fixture.js";

describe("Title parse cache", () => {
  it("gives the same immutable title for the same input and default namespace", () => {
    const first = Title.parse("cache test page", site);
    expect(Title.parse("cache test page", site)).toBe(first);
    expect(Title.tryParse("cache test page", site)).toBe(first);
    expect(first.prefixedText).toBe("Cache test page");
  });

  it("keeps default namespaces apart", () => {
    const main = Title.parse("Cache infobox", site);
    const template = Title.parse("Cache infobox", site, NS_TEMPLATE);
    expect(main.ns).toBe(0);
    expect(template.ns).toBe(NS_TEMPLATE);
    expect(Title.parse("Cache infobox", site, NS_TEMPLATE)).toBe(template);
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
