// The fuzz campaigns: one property over one input family each, run by fast-check with a seed and
// a bound (runs and/or time). Failures that match a known issue are counted, not thrown; any
// other failure is shrunk by fast-check and reported with its counterexample.
import fc from "fast-check";
import { wt2html, type Env } from "@wikiloom/wikitext";
import { applyMutations, htmlTreeArb, markupArb, mutatedSeedArb, WIKITEXT_PIECES } from "./arbitraries.js";
import { corpusSeeds } from "./corpus.js";
import { fuzzEnv } from "./env.js";
import { knownIssueFor, type PropertyName } from "./known-issues.js";
import { checkFullSerialization, checkHtml2Wt, checkLint, checkRoundTrip, checkSelserEdit, checkWt2Html, PropertyFailure } from "./properties.js";

export interface CampaignStats {
  runs: number;
  /** Known-issue id → how often it was hit, with the first input that hit it. */
  known: Map<string, { count: number; example: string }>;
  /** Inputs the property had nothing to check on (e.g. no node to edit). */
  vacuous: number;
  /** Full serialization only: outputs identical to the input. */
  identical: number;
}

interface Case {
  /** The input as a reader would reproduce it (wikitext or HTML). */
  input: string;
  /** Seed of the random edit (selser). */
  editSeed?: number;
}

export interface Campaign {
  name: string;
  property: PropertyName;
  /** Whether the campaign needs ../shared (corpus seeds). */
  needsCorpus: boolean;
  arbitrary(): fc.Arbitrary<Case>;
  /** Checks one case; returns false when there was nothing to check. */
  check(c: Case, env: Env, stats: CampaignStats): Promise<boolean>;
}

const markupCases = (): fc.Arbitrary<Case> => markupArb().map((input) => ({ input }));
const corpusCases = (): fc.Arbitrary<Case> => mutatedSeedArb(corpusSeeds()).map((m) => ({ input: m.text }));
const withEdit = (cases: fc.Arbitrary<Case>): fc.Arbitrary<Case> => fc.tuple(cases, fc.nat()).map(([c, editSeed]) => ({ ...c, editSeed }));

async function html(wikitext: string, env: Env): Promise<string> {
  return (await wt2html(wikitext, env, { bodyOnly: true })).html;
}

/** Engine output for markup, then damaged as text: what a buggy client might send back. */
const mutatedOutputCases = (): fc.Arbitrary<Case & { source: string; mutations: Parameters<typeof applyMutations>[1] }> =>
  fc
    .record({
      source: markupArb(30),
      mutations: fc.array(
        fc.record({
          kind: fc.constantFrom("insert" as const, "delete" as const, "duplicate" as const),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          length: fc.double({ min: 0, max: 0.2, noNaN: true }),
          piece: fc.constantFrom("<", ">", '"', "'", "</p>", "<div>", "<td>", '<span typeof="mw:Transclusion">', "data-parser='{", ...WIKITEXT_PIECES.slice(0, 20)),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map(({ source, mutations }) => ({ input: "", source, mutations }));

export const CAMPAIGNS: readonly Campaign[] = [
  {
    name: "wt2html: markup",
    property: "wt2html",
    needsCorpus: false,
    arbitrary: markupCases,
    check: async (c, env) => (await checkWt2Html(c.input, env), true),
  },
  {
    name: "wt2html: mutated corpus",
    property: "wt2html",
    needsCorpus: true,
    arbitrary: corpusCases,
    check: async (c, env) => (await checkWt2Html(c.input, env), true),
  },
  {
    name: "wt2wt byte-identical: markup",
    property: "roundtrip",
    needsCorpus: false,
    arbitrary: markupCases,
    check: async (c, env) => (await checkRoundTrip(c.input, await html(c.input, env), env), true),
  },
  {
    name: "wt2wt byte-identical: mutated corpus",
    property: "roundtrip",
    needsCorpus: true,
    arbitrary: corpusCases,
    check: async (c, env) => (await checkRoundTrip(c.input, await html(c.input, env), env), true),
  },
  {
    name: "selser single edit: markup",
    property: "selser",
    needsCorpus: false,
    arbitrary: () => withEdit(markupCases()),
    check: async (c, env) => checkSelserEdit(c.input, await html(c.input, env), env, c.editSeed ?? 0),
  },
  {
    name: "selser single edit: mutated corpus",
    property: "selser",
    needsCorpus: true,
    arbitrary: () => withEdit(corpusCases()),
    check: async (c, env) => checkSelserEdit(c.input, await html(c.input, env), env, c.editSeed ?? 0),
  },
  {
    name: "html2wt: random HTML trees",
    property: "html2wt",
    needsCorpus: false,
    arbitrary: () => htmlTreeArb().map((input) => ({ input })),
    check: async (c, env) => (await checkHtml2Wt(c.input, env), true),
  },
  {
    name: "html2wt: damaged engine output",
    property: "html2wt",
    needsCorpus: false,
    arbitrary: mutatedOutputCases,
    check: async (c, env) => {
      const { source, mutations } = c as Case & { source: string; mutations: Parameters<typeof applyMutations>[1] };
      c.input = applyMutations(await html(source, env), mutations);
      await checkHtml2Wt(c.input, env);
      return true;
    },
  },
  {
    name: "lint: markup",
    property: "lint",
    needsCorpus: false,
    arbitrary: markupCases,
    check: async (c, env) => (await checkLint(c.input, env), true),
  },
  {
    name: "lint: mutated corpus",
    property: "lint",
    needsCorpus: true,
    arbitrary: corpusCases,
    check: async (c, env) => (await checkLint(c.input, env), true),
  },
  {
    name: "full serialization: markup",
    property: "full-serialization",
    needsCorpus: false,
    arbitrary: markupCases,
    check: async (c, env, stats) => {
      if (await checkFullSerialization(c.input, await html(c.input, env), env)) stats.identical++;
      return true;
    },
  },
];

export interface CampaignOptions {
  seed: number;
  numRuns: number;
  /** Stop generating new cases after this long (the runs done so far count). */
  budgetMs?: number;
  /** Called before each case (the long run's hang watchdog). */
  onCase?: (campaign: string, input: string) => void;
}

export interface CampaignResult {
  campaign: Campaign;
  stats: CampaignStats;
  ms: number;
  /** The shrunk counterexample and its error, when the property failed outside known issues. */
  failure: { input: string; editSeed?: number; message: string } | null;
}

/** The environment every campaign converts in: the real site config, one template. */
export function campaignEnv(): Env {
  return fuzzEnv([
    { title: "Template:Tpl", text: "'''tpl''' {{{1|}}}" },
    { title: "Main Page", text: "main" },
  ]);
}

export async function runCampaign(campaign: Campaign, options: CampaignOptions): Promise<CampaignResult> {
  const stats: CampaignStats = { runs: 0, known: new Map(), vacuous: 0, identical: 0 };
  const env = campaignEnv();
  const started = performance.now();
  const property = fc.asyncProperty(campaign.arbitrary(), async (c) => {
    stats.runs++;
    options.onCase?.(campaign.name, c.input);
    try {
      if (!(await campaign.check(c, env, stats))) stats.vacuous++;
    } catch (error) {
      if (!(error instanceof PropertyFailure)) throw error;
      const issue = knownIssueFor({ property: campaign.property, input: c.input, message: error.message, lostIn: error.details.lostIn ?? null, html: error.details.html });
      if (!issue) throw error;
      const seen = stats.known.get(issue.id);
      if (seen) seen.count++;
      else stats.known.set(issue.id, { count: 1, example: c.input });
    }
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.budgetMs !== undefined ? { interruptAfterTimeLimit: options.budgetMs, markInterruptAsFailure: false } : {}),
  });
  const ms = performance.now() - started;
  if (!details.failed || !details.counterexample) return { campaign, stats, ms, failure: null };
  const [c] = details.counterexample;
  const error = details.errorInstance;
  return { campaign, stats, ms, failure: { input: c.input, editSeed: c.editSeed, message: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) } };
}
