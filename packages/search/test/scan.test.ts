import { describe, expect, it } from "vitest";
import { scanAnnotations } from "../src/annotations/scan";

describe("scanAnnotations", () => {
  it("finds [[P::V]], labels, multi-property links and #set", () => {
    const r = scanAnnotations("a [[Tag::Foo]] b [[Rating::5|five stars]] [[A::B::x]] {{#set:Version=1.0|Page=[[Bar|the bar]]|junk}}");
    expect(r.values).toEqual([
      { property: "Tag", value: "Foo" },
      { property: "Rating", value: "5" },
      { property: "A", value: "x" },
      { property: "B", value: "x" },
      { property: "Version", value: "1.0" },
      { property: "Page", value: "Bar" },
    ]);
  });

  it("skips comments, nowiki and pre, and plain links", () => {
    const r = scanAnnotations("<!-- [[A::1]] --><nowiki>[[B::2]]</nowiki><pre class=x>[[C::3]]</pre>[[Link|label::x]] [[D::4]]");
    expect(r.values).toEqual([{ property: "D", value: "4" }]);
  });

  it("collects #wikisearchconfig arguments without taking its base query as page data", () => {
    const r = scanAnnotations("{{#wikisearchconfig:Tag|?Title|base query=[[Class::Foo]]}}{{DISPLAYTITLE:Nice}}");
    expect(r.configs).toEqual([["Tag", "?Title", "base query=[[Class::Foo]]"]]);
    expect(r.values).toEqual([]);
    expect(r.displayTitle).toBe("Nice");
  });

  it("handles nesting inside annotations and template arguments", () => {
    const r = scanAnnotations("{{{1|[[X::y]]}}} {{tpl|[[P::{{lc:V}}]]}}");
    expect(r.values).toEqual([{ property: "X", value: "y" }, { property: "P", value: "{{lc:V}}" }]);
  });

  it("stays linear on pathological input", () => {
    const input = (n: number) => "[[".repeat(n) + "{{".repeat(n) + "<nowiki>".repeat(n / 10) + "]]}}".repeat(n / 100) + "[[A::b]]";
    const time = (text: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        scanAnnotations(text);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const small = time(input(20_000));
    const large = time(input(160_000));
    // 8x the input: a linear scan takes about 8x the time; a quadratic one 64x.
    expect(large).toBeLessThan(small * 20 + 20);
    expect(scanAnnotations(input(160_000)).values).toEqual([{ property: "A", value: "b" }]);
  });
});
