// What the lint-mode DOM keeps of links (only what the checks and the passes before them read),
// and the media-option split the bogus-image-options check relies on.
import { describe, expect, it } from "vitest";
import { wt2dom } from "../../src/wt2html.js";
import { lint } from "../../src/lint/index.js";
import { splitTopLevelPipes } from "../../src/lint/media-options.js";
import { walkElements, type WElement } from "../../src/dom/node.js";
import { lintEnv } from "./lint-env.js";

function elementsNamed(body: WElement, name: string): WElement[] {
  const found: WElement[] = [];
  walkElements(body, (el) => {
    if (el.name === name) found.push(el);
  });
  return found;
}

describe("the lint-mode DOM", () => {
  const source = "[[Foo]] [[Category:Bar|key]]";

  it("gives page and category links their rel and source range, not their href", async () => {
    const body = await wt2dom(source, lintEnv(), { lint: { onLexicalRecords: () => {} } });
    const [link] = elementsNamed(body, "a");
    expect(link?.attrs).toEqual([{ name: "rel", value: "mw:WikiLink" }]);
    expect(link?.dp?.dsr).toEqual([0, 7, 2, 2]);
    const [category] = elementsNamed(body, "link");
    expect(category?.attrs).toEqual([{ name: "rel", value: "mw:PageProp/Category" }]);
    expect(category?.dp?.dsr?.slice(0, 2)).toEqual([8, 28]);
  });

  it("leaves the links of a conversion as they were", async () => {
    const body = await wt2dom(source, lintEnv());
    // (A red link: the page does not exist in the test wiki.)
    expect(elementsNamed(body, "a")[0]?.getAttribute("href")).toBe("./Foo?action=edit&redlink=1");
    expect(elementsNamed(body, "link")[0]?.getAttribute("href")).toBe("./Category:Bar#key");
  });
});

describe("media options", () => {
  it("are split at the pipes outside links and braces", () => {
    expect(splitTopLevelPipes("left|[[a|b]]|{{c|d}}|x]]|y}}|[[")).toEqual(["left", "[[a|b]]", "{{c|d}}", "x]]", "y}}", "[["]);
    expect(splitTopLevelPipes("[[[a|b]]]|c")).toEqual(["[[[a|b]]]", "c"]);
  });

  it("keep a caption with a piped link whole", async () => {
    const items = await lint("[[File:X.jpg|left|junk|200px|[[a|b]] caption]]", lintEnv());
    expect(items.filter((i) => i.type === "bogus-image-options").map((i) => i.params)).toEqual([{ items: ["junk"] }]);
  });
});
