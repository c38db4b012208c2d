// html2wt gaps closed late: new bold and italics holding only blanks.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt: blank quotes an editor left", () => {
  it("drops new bold or italics that hold only spaces and tabs, with their blanks", async () => {
    expect(await html2wt("<p>a<b>\t </b>z</p>", env)).toBe("az");
    expect(await html2wt("<p><i>x</i><i> </i></p>", env)).toBe("''x''");
    expect(await html2wt("<p><b><i>y</i></b><i>  </i> tail</p>", env)).toBe("'''''y''''' tail");
  });
  it("keeps quotes whose blanks sit next to a comment or an element, and other blank formatting", async () => {
    expect(await html2wt("<p>a<i> <!--c--> </i>z</p>", env)).toBe("a'' <!--c--> ''z");
    expect(await html2wt("<p>a<s> </s>z</p>", env)).toBe("a<s> </s>z");
  });
  it("leaves parsed quotes as the source wrote them", async () => {
    expect(await html2wt(`<p>a<i data-parsoid='{"dsr":[1,6,2,2]}'> </i>z</p>`, env)).toContain("'' ''");
  });
});
