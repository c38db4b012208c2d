import { describe, expect, it } from "vitest";
import { formatHumanUtc, isValidEventUrl, normalizeTimestampInput, parseTimeZone, parseTsMw, wallClockToUtc } from "../src/index";

describe("time zones (PHP DateTimeZone rules)", () => {
  it.each([
    ["+02:75", "+03:15"],
    ["+25:00", "+25:00"],
    ["-00:00", "+00:00"],
    ["Europe/Rome", "Europe/Rome"],
    ["europe/rome", "europe/rome"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["US/Eastern", "US/Eastern"],
    ["utc", "UTC"],
    ["gmt", "GMT"],
    ["cet", "CET"],
    ["Z", "Z"],
    ["GMT+2", "+02:00"],
    [" UTC", "UTC"],
  ])("accepts %j as %j", (input, name) => {
    expect(parseTimeZone(input)?.name).toBe(name);
  });

  it.each(["+0200", "+2:00", "+02", "+100:00", "+02:130", "+ThisIsNotValid", "+99:60", "-99:99", "SomethingInvalid", "1SomethingInvalid", "Invalid timezone 1", "Foo/Bar", "UTC+2", "Local", ""])(
    "refuses %j",
    (input) => {
      expect(parseTimeZone(input)).toBeNull();
    },
  );

  it("converts wall-clock times to UTC with daylight saving for IANA zones and fixed offsets for abbreviations", () => {
    const noon = (month: number) => ({ year: 2030, month, day: 1, hour: 12, minute: 0, second: 0 });
    expect(wallClockToUtc(noon(7), parseTimeZone("Europe/Rome")!).toISOString()).toBe("2030-07-01T10:00:00.000Z");
    expect(wallClockToUtc(noon(1), parseTimeZone("Europe/Rome")!).toISOString()).toBe("2030-01-01T11:00:00.000Z");
    expect(wallClockToUtc(noon(7), parseTimeZone("CET")!).toISOString()).toBe("2030-07-01T11:00:00.000Z");
    expect(wallClockToUtc(noon(7), parseTimeZone("+05:30")!).toISOString()).toBe("2030-07-01T06:30:00.000Z");
  });
});

describe("timestamps", () => {
  it("keeps TS_MW as given and converts other MediaWiki forms to UTC TS_MW", () => {
    expect(normalizeTimestampInput("20300203040506")).toBe("20300203040506");
    expect(normalizeTimestampInput("2030-02-03T04:05:06Z")).toBe("20300203040506");
    expect(normalizeTimestampInput("2030-02-03T04:05:06+02:00")).toBe("20300203020506");
    expect(normalizeTimestampInput("2030-02-03 04:05:06")).toBe("20300203040506");
    expect(normalizeTimestampInput("0")).toBe("19700101000000");
  });

  it.each(["soon", "a potato", "", "20301332000000", "20300230120000"])("refuses %j", (input) => {
    expect(normalizeTimestampInput(input)).toBeNull();
  });

  it("formats registration times like MediaWiki's default English date format", () => {
    expect(formatHumanUtc(new Date("2022-03-15T12:00:00Z"))).toBe("12:00, 15 March 2022");
    expect(parseTsMw("20220315120000")).toEqual({ year: 2022, month: 3, day: 15, hour: 12, minute: 0, second: 0 });
  });
});

describe("event URLs", () => {
  it.each([
    "http://example.org", "https://example.org", "//example.org", "https://testchat.com/Iñtërnâtiônàlizætiønمثال字ッ",
    "  https://example.org  ", "HTTPS://EXAMPLE.ORG", "https://example", "http://localhost:8080/x?y=1#z", "https://münchen.de",
    "https://user:pass@example.org", "https://example.org/path with space", "https://127.0.0.1", "https://[::1]/",
  ])("accepts %j", (url) => {
    expect(isValidEventUrl(url)).toBe(true);
  });

  it.each([
    "24hà°(W!^§*", "foo://abc.org", "iaergboyuiberg://abc.org", "https://$%&/()=", "htp://f('_%$&...)", "//f('_%$&...)", "not-an-url",
    "", "Not a URL", "ftp://example.org", "https://", "//", "mailto:a@b.org", "javascript:alert(1)", "http:/example.org",
    "https:example.org", "https://exa mple.org", "https://-bad-.org", "https://example..org", "https://_under.example.org",
    "https://example.org:99999",
  ])("refuses %j", (url) => {
    expect(isValidEventUrl(url)).toBe(false);
  });
});
