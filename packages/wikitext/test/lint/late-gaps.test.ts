// Lint gaps closed late: template arguments inside a <gallery> a template writes.
import { beforeAll, describe, expect, it } from "vitest";
import { lint, loadTokenizer } from "../../src/index.js";
import { lintEnv } from "./lint-env.js";

beforeAll(async () => {
  await loadTokenizer();
});

describe("lint: template-arg-in-extension-tag from a template", () => {
  it("reports a gallery's unexpanded argument at the transclusion that wrote it", async () => {
    const items = await lint("x {{Gallery args|b}} y", lintEnv());
    expect(items).toEqual([
      {
        type: "template-arg-in-extension-tag",
        dsr: [2, 20, null, null],
        params: { "ext-name": "gallery", details: ["{{{1|a}}}"] },
        templateInfo: { name: "Template:Gallery_args" },
      },
    ]);
  });
  it("still reports one written on the page, with the tag's widths", async () => {
    const items = await lint("<gallery>File:{{{2}}}.jpg</gallery>", lintEnv());
    expect(items.map((i) => [i.type, i.dsr])).toEqual([["template-arg-in-extension-tag", [0, 35, 9, 10]]]);
  });
});
