// Structural sanitizer check: every known XSS vector, through wikitext, templates and HTML
// input, converts without error into HTML with no script elements, event handlers, script URLs
// or dangerous CSS. (xss-browser.test.ts renders the same outputs in Chromium.)
import { beforeAll, describe, expect, it } from "vitest";
import { loadTokenizer } from "@wikiloom/wikitext";
import { XSS_VECTORS } from "./xss-vectors.js";
import { renderVector, structuralProblems } from "./xss-checks.js";

beforeAll(async () => {
  await loadTokenizer();
});

describe("sanitizer: known XSS vectors", () => {
  it("covers every route with a broad list", () => {
    for (const route of ["wikitext", "template", "html"] as const) expect(XSS_VECTORS.filter((v) => v.route === route).length).toBeGreaterThan(10);
  });

  it("produces no script, handler, script URL or dangerous CSS for any vector", async () => {
    const failures: string[] = [];
    for (const vector of XSS_VECTORS) {
      const { html, wikitext } = await renderVector(vector);
      const problems = structuralProblems(html);
      if (problems.length > 0) failures.push(`${vector.name}: ${problems.join(", ")}\n  wikitext: ${JSON.stringify(wikitext)}`);
    }
    expect(failures).toEqual([]);
  });

  it("the structural check itself flags unsanitized markup", () => {
    expect(structuralProblems('<img src=x onerror="xssProbe()">')).toEqual(["<img onerror>"]);
    expect(structuralProblems('<a href=" jav&#x09;ascript:xssProbe()">x</a>')).toHaveLength(1);
    expect(structuralProblems('<div style="width: expr\\65 ssion(1)">x</div>')).toHaveLength(1);
    expect(structuralProblems("<svg><script>1</script></svg>")).toHaveLength(2);
    expect(structuralProblems('<p class="x">fine <a href="https://example.org/">ok</a></p>')).toEqual([]);
  });
});
