import { describe, expect, it } from "vitest";
import { WElement, WText } from "../../src/dom/node.js";
import { assignHeadingIds } from "../../src/dom/passes/heading-ids.js";

function headingsBody(texts: readonly string[], explicitIds: readonly string[] = []): WElement {
  const body = new WElement("body", []);
  for (const id of explicitIds) body.appendChild(new WElement("span", [{ name: "id", value: id }]));
  for (const text of texts) {
    const h = new WElement("h2", []);
    h.appendChild(new WText(text));
    body.appendChild(h);
  }
  return body;
}

function ids(body: WElement): string[] {
  return body.children.flatMap((c) => (c instanceof WElement && c.name === "h2" ? [c.getAttribute("id")!] : []));
}

describe("heading ids: unique suffixes", () => {
  it("numbers repeated headings past ids already taken, case-insensitively", () => {
    const body = headingsBody(["A", "a", "A", "a 2", "A"], ["a_3"]);
    assignHeadingIds(body);
    expect(ids(body)).toEqual(["A", "a_2", "A_4", "a_2_2", "A_5"]);
  });

  it("gives 40k identical headings their suffixes without probing every taken one again", () => {
    // Probing from _2 for every heading is n²/2 set lookups (8e8 here: minutes); linear is ms.
    const n = 40_000;
    const body = headingsBody(Array.from({ length: n }, () => "Same"));
    assignHeadingIds(body);
    const got = ids(body);
    expect(got[0]).toBe("Same");
    expect(got[1]).toBe("Same_2");
    expect(got[n - 1]).toBe(`Same_${n}`);
    expect(new Set(got).size).toBe(n);
  }, 5_000);
});
