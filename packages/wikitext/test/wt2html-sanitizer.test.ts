import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { sanitizeCss } from "../src/transforms/sanitizer-css.js";

describe("wt2html: sanitizer", () => {
  it("escapes tags that are not allowed", async () => {
    expect(await html("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
  it("drops event handlers and unknown attributes", async () => {
    expect(await html('<span onclick="x()" foo="bar" class="c">a</span>')).toBe('<p><span class="c">a</span></p>');
  });
  it("removes javascript: URLs", async () => {
    expect(await html('<q cite="javascript:alert(1)">a</q>')).toBe("<p><q>a</q></p>");
  });
  it("keeps data- attributes and renames reserved ones", async () => {
    expect(await html('<span data-x="1" data-mw="2" typeof="x" data-ooui="y">a</span>')).toBe('<p><span data-x="1" data-x-data-mw="2" data-x-typeof="x">a</span></p>');
  });
  it("checks CSS in style attributes", async () => {
    expect(sanitizeCss("color: red")).toBe("color: red");
    expect(sanitizeCss("background: url(http://x)")).toBe("/* insecure input */");
    expect(sanitizeCss("width: expr\\65ssion(1)")).toBe("/* insecure input */");
    expect(sanitizeCss("color: red /* c */")).toBe("color: red  ");
    expect(sanitizeCss("u\\\nrl(x)")).toBe("/* insecure input */");
    expect(await html('<div style="background-image:url(x)">a</div>')).toBe('<div style="/* insecure input */">a</div>');
  });
  it("reads a < in an extension tag's attribute text as part of a name, which the sanitizer drops", async () => {
    expect(await html("<pre <pre>123</pre>")).toBe(`<pre typeof="mw:Extension/pre" data-mw='{"name":"pre","attrs":{"<pre":""},"body":{"extsrc":"123"}}'>123</pre>`);
  });
  it("survives 100k unclosed <b>", async () => {
    const out = await html("<b>a".repeat(100_000));
    expect(out.startsWith("<p><b>a<b>a")).toBe(true);
  });
});
