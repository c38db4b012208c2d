import { describe, expect, it } from "vitest";
import { StoreError } from "../src/errors";
import { checkPasswordPolicy, normalizeUserName, validUserName } from "../src/auth/user-names";

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof StoreError ? error.code : "not-a-store-error";
  }
}

describe("user names", () => {
  it("normalise like a User: title", () => {
    expect(normalizeUserName("alice")).toBe("Alice");
    expect(normalizeUserName("  jane_doe  ")).toBe("Jane doe");
    expect(normalizeUserName("Jane__ _Doe")).toBe("Jane Doe");
    expect(normalizeUserName("élodie")).toBe("Élodie");
    // ß has no one-letter upper case; MediaWiki leaves it.
    expect(normalizeUserName("ßtraße")).toBe("ßtraße");
  });

  it("accept ordinary names", () => {
    expect(validUserName("bob the builder")).toBe("Bob the builder");
    expect(validUserName("Zoë-42")).toBe("Zoë-42");
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    ["a@b", "at sign"],
    ["Talk:Foo", "colon"],
    ["a=b", "equals sign"],
    ["a>b", "greater-than"],
    ["a#b", "hash"],
    ["a[b]", "brackets"],
    ["a|b", "pipe"],
    ["a{b}", "braces"],
    ["a/b", "slash"],
    ["a\u0007b", "control character"],
    ["127.0.0.1", "IPv4 address"],
    ["2001:db8::1", "IPv6 address"],
    ["x".repeat(256), "too long"],
  ])("reject %j (%s)", (name) => {
    expect(codeOf(() => validUserName(name))).toBe("invalidusername");
  });

  it("count the length limit in UTF-8 bytes", () => {
    expect(validUserName("é".repeat(127))).toHaveLength(127);
    expect(codeOf(() => validUserName("é".repeat(128)))).toBe("invalidusername");
  });
});

describe("password policy", () => {
  it("needs at least 8 characters", () => {
    expect(codeOf(() => checkPasswordPolicy("Alice", "1234567"))).toBe("passwordtooshort");
    expect(codeOf(() => checkPasswordPolicy("Alice", "12345678"))).toBeUndefined();
  });

  it("refuses absurdly long passwords and the user's own name", () => {
    expect(codeOf(() => checkPasswordPolicy("Alice", "x".repeat(5000)))).toBe("passwordtoolong");
    expect(codeOf(() => checkPasswordPolicy("Alexander", "alexander"))).toBe("password-name-match");
  });
});
