// The fuzz campaigns in CI: each property over its input family with a fixed seed and a bounded
// number of runs (about 20 s for all of them on this machine). FUZZ_SEED picks another seed;
// `npm run fuzz` runs them longer and adds the growth report.
import { beforeAll, describe, expect, it } from "vitest";
import { loadTokenizer } from "@wikiloom/wikitext";
import { CAMPAIGNS, runCampaign } from "./campaigns.js";
import { corpusSeeds } from "./corpus.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/** Runs per campaign: the corpus windows (up to 3 KB each) cost more than generated markup. */
const RUNS: Record<string, number> = {
  "wt2html: markup": 800,
  "wt2html: mutated corpus": 150,
  "wt2wt byte-identical: markup": 800,
  "wt2wt byte-identical: mutated corpus": 120,
  "selser single edit: markup": 1000,
  "selser single edit: mutated corpus": 150,
  "html2wt: random HTML trees": 600,
  "html2wt: damaged engine output": 400,
  "lint: markup": 800,
  "lint: mutated corpus": 150,
  "full serialization: markup": 600,
};

beforeAll(async () => {
  await loadTokenizer();
});

describe(`fuzzing (seed ${SEED})`, () => {
  const haveCorpus = corpusSeeds().length > 0;
  for (const campaign of CAMPAIGNS) {
    const runs = RUNS[campaign.name] ?? 100;
    it.runIf(haveCorpus || !campaign.needsCorpus)(campaign.name, { timeout: 60_000 }, async () => {
      const { stats, failure } = await runCampaign(campaign, { seed: SEED, numRuns: runs });
      if (failure) {
        const edit = failure.editSeed !== undefined ? ` (edit seed ${failure.editSeed})` : "";
        expect.fail(`${campaign.name} fails for ${JSON.stringify(failure.input)}${edit}:\n${failure.message}`);
      }
      expect(stats.runs).toBeGreaterThanOrEqual(runs);
      // Most generated documents must give the property something to check.
      expect(stats.vacuous, "cases with nothing to check").toBeLessThan(stats.runs * 0.8);
      const known = [...stats.known].map(([id, k]) => `${id} ×${k.count}`);
      if (known.length > 0) console.log(`${campaign.name}: ${stats.runs} cases, known issues: ${known.join(", ")}`);
    });
  }
});
