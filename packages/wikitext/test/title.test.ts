import { describe, expect, it } from "vitest";
import { Title, TitleError } from "../src/env/title.js";
import { compileLinkTrail } from "../src/env/site-config.js";
import { testSite as site } from "./site-fixture.js";

function parse(text: string, ns = 0) {
  return Title.parse(text, site, ns);
}

function errorCode(text: string, ns = 0): string | undefined {
  try {
    parse(text, ns);
    return undefined;
  } catch (error) {
    return error instanceof TitleError ? error.code : "not a TitleError";
  }
}

describe("Title.parse", () => {
  it("normalises spaces, underscores and the first letter", () => {
    const t = parse("  main__page  ");
    expect(t.ns).toBe(0);
    expect(t.dbKey).toBe("Main_page");
    expect(t.text).toBe("Main page");
    expect(t.prefixedText).toBe("Main page");
  });

  it("folds Unicode whitespace and drops direction marks", () => {
    expect(parse("Foo\u00A0\u3000bar\u200E").dbKey).toBe("Foo_bar");
  });

  it("recognises namespace names, canonical names and aliases case-insensitively", () => {
    expect(parse("talk:foo").prefixedText).toBe("Talk:Foo");
    expect(parse("IMAGE:x.png").prefixedDbKey).toBe("File:X.png");
    expect(parse("project:About").prefixedText).toBe("Testwiki:About");
    expect(parse("tw:About").ns).toBe(4);
    expect(parse("user_talk:bob").prefixedText).toBe("User talk:Bob");
    expect(parse("Event: Spring hackathon").prefixedText).toBe("Event:Spring hackathon");
  });

  it("applies the default namespace unless a leading colon resets it", () => {
    expect(parse("Greeting", 10).prefixedText).toBe("Template:Greeting");
    expect(parse(":Greeting", 10).prefixedText).toBe("Greeting");
    expect(parse(":Category:Foo").ns).toBe(14);
  });

  it("keeps unknown prefixes as part of the main-namespace title", () => {
    const t = parse("Star Wars: A New Hope");
    expect(t.ns).toBe(0);
    expect(t.text).toBe("Star Wars: A New Hope");
  });

  it("splits interwiki prefixes and does not capitalise the remote part", () => {
    const t = parse("wikipedia:foo bar");
    expect(t.interwiki).toBe("wikipedia");
    expect(t.dbKey).toBe("foo_bar");
    expect(t.isExternal).toBe(true);
    expect(t.prefixedText).toBe("wikipedia:foo bar");
    expect(parse("FR:Paris").interwiki).toBe("fr");
  });

  it("strips local interwiki prefixes", () => {
    expect(parse("local:Talk:Foo").prefixedText).toBe("Talk:Foo");
    expect(parse("local:").prefixedText).toBe("Main Page");
  });

  it("splits the fragment", () => {
    const t = parse("Foo#Some_section");
    expect(t.dbKey).toBe("Foo");
    expect(t.fragment).toBe("Some section");
    expect(t.fullText).toBe("Foo#Some section");
  });

  it("rejects empty titles", () => {
    expect(errorCode("")).toBe("title-invalid-empty");
    expect(errorCode("   ")).toBe("title-invalid-empty");
    expect(errorCode("Talk:")).toBe("title-invalid-empty");
    expect(errorCode("#frag")).toBe("title-invalid-empty");
  });

  it("rejects forbidden characters", () => {
    for (const bad of ["A<b", "A>b", "A[b", "A]b", "A|b", "A{b", "A}b", "A\u0001b", "A\u007Fb", "A\uFFFDb"]) {
      expect(errorCode(bad), bad).toBe("title-invalid-characters");
    }
    expect(errorCode("100%25")).toBe("title-invalid-characters");
    expect(errorCode("A&amp;B")).toBe("title-invalid-characters");
    expect(parse("100% sure").text).toBe("100% sure");
    expect(parse("Café Ω").text).toBe("Café Ω");
  });

  it("rejects relative paths and magic tildes", () => {
    for (const bad of [".", "..", "./Foo", "../Foo", "Foo/./Bar", "Foo/../Bar", "Foo/.", "Foo/.."]) {
      expect(errorCode(bad), bad).toBe("title-invalid-relative");
    }
    expect(parse("Foo.bar").text).toBe("Foo.bar");
    expect(parse("...Baby One More Time").text).toBe("...Baby One More Time");
    expect(errorCode("Sig~~~")).toBe("title-invalid-magic-tilde");
  });

  it("enforces the 255-byte limit in UTF-8", () => {
    expect(parse("a".repeat(255)).dbKey.length).toBe(255);
    expect(errorCode("a".repeat(256))).toBe("title-invalid-too-long");
    expect(errorCode("é".repeat(128))).toBe("title-invalid-too-long");
    expect(parse("é".repeat(127)).text.length).toBe(127);
  });

  it("rejects a leading colon after the namespace and talk pages of interwiki titles", () => {
    expect(errorCode("Talk::Foo")).toBe("title-invalid-leading-colon");
    expect(errorCode("Talk:fr:Foo")).toBe("title-invalid-talk-namespace");
  });

  it("pairs subject and talk pages", () => {
    const t = parse("User:Bob");
    expect(t.talkPage().prefixedText).toBe("User talk:Bob");
    expect(t.talkPage().subjectPage().prefixedText).toBe("User:Bob");
    expect(parse("Foo").talkPage().prefixedText).toBe("Talk:Foo");
    expect(() => parse("Special:Foo").talkPage()).toThrow(TitleError);
  });

  it("keeps case-sensitive characters whose uppercase is longer", () => {
    expect(parse("ßtraße").text).toBe("ßtraße");
  });

  it("builds titles from parts", () => {
    expect(Title.fromParts(site, 10, "greeting").prefixedText).toBe("Template:Greeting");
    expect(Title.fromParts(site, 0, "Foo:Bar").prefixedText).toBe("Foo:Bar");
  });

  it("tryParse returns null for invalid input", () => {
    expect(Title.tryParse("a|b", site)).toBeNull();
    expect(Title.tryParse("Ok", site)?.text).toBe("Ok");
  });
});

describe("SiteConfig", () => {
  it("looks up magic words by alias honouring case sensitivity", () => {
    expect(site.magicWordForAlias("__notoc__")).toBe("notoc");
    expect(site.magicWordForAlias("PAGENAME")).toBe("pagename");
    expect(site.magicWordForAlias("pagename")).toBeUndefined();
    expect(site.isBehaviorSwitch("NOTOC")).toBe(true);
  });

  it("knows extension tags without brackets", () => {
    expect(site.isExtensionTag("REF")).toBe(true);
    expect(site.isExtensionTag("div")).toBe(false);
  });

  it("compiles PHP link trails", () => {
    expect(compileLinkTrail("/^([a-z]+)(.*)$/sD")?.exec("abc def")?.[0]).toBe("abc");
    expect(compileLinkTrail("/^([a-zäöüß]+)(.*)$/sDu")?.exec("ärger!")?.[0]).toBe("ärger");
    expect(compileLinkTrail("/^([\\x{0561}-\\x{0587}]+)(.*)$/sDu")?.exec("\u0561\u0562x")?.[0]).toBe("\u0561\u0562");
    expect(compileLinkTrail("/^()(.*)$/sD")).toBeNull();
  });
});
