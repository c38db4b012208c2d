import { describe, expect, it } from "vitest";
import { memoizedPerObject } from "../../src/util/memo.js";

describe("memoizedPerObject", () => {
  it("computes once per key object and keeps keys apart", () => {
    let calls = 0;
    const size = memoizedPerObject((list: readonly string[]) => {
      calls++;
      return list.length;
    });
    const a = ["x", "y"];
    const b = ["z"];
    expect([size(a), size(a), size(b), size(b)]).toEqual([2, 2, 1, 1]);
    expect(calls).toBe(2);
  });

  it("remembers null and undefined results instead of computing them again", () => {
    let calls = 0;
    const nothing = memoizedPerObject((_key: object): null | undefined => {
      calls++;
      return calls === 1 ? null : undefined;
    });
    const key = {};
    expect(nothing(key)).toBeNull();
    expect(nothing(key)).toBeNull();
    expect(calls).toBe(1);
    const other = {};
    expect(nothing(other)).toBeUndefined();
    expect(nothing(other)).toBeUndefined();
    expect(calls).toBe(2);
  });
});

describe("memoizedPerObject's last-key slot", () => {
  it("answers alternating keys from the memo without computing again", () => {
    let calls = 0;
    const id = memoizedPerObject((key: { n: number }) => {
      calls++;
      return key.n;
    });
    const a = { n: 1 };
    const b = { n: 2 };
    expect([id(a), id(b), id(a), id(a), id(b)]).toEqual([1, 2, 1, 1, 2]);
    expect(calls).toBe(2);
  });
});
