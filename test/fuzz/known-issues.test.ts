// Every known issue still reproduces with its counterexample and is classified as itself: when
// the engine is fixed, this fails and the counterexample moves to regressions.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { loadTokenizer, wt2html } from "@wikiloom/wikitext";
import { campaignEnv } from "./campaigns.js";
import { KNOWN_ISSUES, knownIssueFor, OPEN_COUNTEREXAMPLES } from "./known-issues.js";
import { checkSelserEdit, checkWt2Html, PropertyFailure } from "./properties.js";

beforeAll(async () => {
  await loadTokenizer();
});

/** Runs the issue's property on the counterexample; returns the failure (null if it passes). */
async function reproduce(property: string, wikitext: string, editSeed: number | undefined): Promise<PropertyFailure | null> {
  const env = campaignEnv();
  try {
    if (property === "selser") {
      const { html } = await wt2html(wikitext, env, { bodyOnly: true });
      await checkSelserEdit(wikitext, html, env, editSeed ?? 0);
    } else {
      await checkWt2Html(wikitext, env);
    }
    return null;
  } catch (error) {
    if (error instanceof PropertyFailure) return error;
    throw error;
  }
}

describe("known fuzz issues", () => {
  it.each(KNOWN_ISSUES.map((issue) => [issue.id, issue] as const))("%s still reproduces and is classified as itself", async (_, issue) => {
    const failure = await reproduce(issue.property, issue.counterexample.wikitext, issue.counterexample.editSeed);
    expect(failure, "fixed? move the counterexample to regressions.test.ts").not.toBeNull();
    const match = knownIssueFor({ property: issue.property, input: issue.counterexample.wikitext, message: failure!.message, lostIn: failure!.details.lostIn ?? null, html: failure!.details.html });
    expect(match?.id).toBe(issue.id);
  });

  it.each(OPEN_COUNTEREXAMPLES.map((c) => [c.wikitext, c] as const))("open counterexample %j still fails outside every known issue", async (_, c) => {
    const failure = await reproduce(c.property, c.wikitext, c.editSeed);
    expect(failure, "fixed? move it to regressions.test.ts").not.toBeNull();
    expect(knownIssueFor({ property: c.property, input: c.wikitext, message: failure!.message, lostIn: failure!.details.lostIn ?? null, html: failure!.details.html })).toBeNull();
  });
});
