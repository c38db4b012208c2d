// Growth of conversion time with input size, for the fuzz report: families of generated inputs
// converted at sizes n and 2n. A linear engine takes about twice as long for 2n; the report prints
// the ratio of CPU times (fastest of a few repeats, after a warm-up) for wt2html, html2wt (full and selective
// after one edit) and lint.
import { html2wt, lint, wt2html, type Env } from "@wikiloom/wikitext";
import fc from "fast-check";
import { markupArb } from "./arbitraries.js";
import { corpusSeeds } from "./corpus.js";

export interface GrowthFamily {
  name: string;
  /** A document of about `size` units (the unit is the family's). */
  generate(size: number): string;
  n: number;
}

/** One fixed random markup sample, repeated: the same mix of constructs at every size. */
function markupBlock(): string {
  return fc.sample(markupArb(60), { seed: 7, numRuns: 40 }).join("\n\n");
}

export function growthFamilies(): GrowthFamily[] {
  const block = markupBlock();
  const families: GrowthFamily[] = [
    { name: "random markup (blocks)", n: 40, generate: (size) => Array.from({ length: size }, () => block).join("\n\n") },
    { name: "unclosed inline tags before blocks", n: 2_000, generate: (size) => "<small>a\n* b\n".repeat(size) },
    { name: "nested inline around a block", n: 2_000, generate: (size) => `${"<b><i>x ".repeat(size)}<div>y</div>` },
    { name: "stray end tags", n: 20_000, generate: (size) => "a </pre> b </table> ".repeat(size) },
    { name: "unclosed comment after text", n: 5_000, generate: (size) => `${"word [[link]] ".repeat(size)}<!--` },
    { name: "templates with parameters", n: 2_000, generate: (size) => "{{Tpl|a|b={{Tpl|c}}}} text\n".repeat(size) },
    { name: "table rows", n: 5_000, generate: (size) => `{|\n${"|-\n| a || b\n".repeat(size)}|}` },
  ];
  const seeds = corpusSeeds();
  if (seeds.length > 0) {
    const article = [...seeds].sort((a, b) => b.text.length - a.text.length)[Math.floor(seeds.length / 2)]!;
    families.push({ name: `corpus article repeated (${article.name})`, n: 4, generate: (size) => Array.from({ length: size }, () => article.text).join("\n\n") });
  }
  return families;
}

export type Operation = "wt2html" | "html2wt" | "selser" | "lint";

/** CPU time of this process in ms: unlike wall time, barely moved by other processes on the machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timeOnce(op: Operation, wikitext: string, html: string, env: Env): Promise<number> {
  const start = cpuMs();
  if (op === "wt2html") await wt2html(wikitext, env, { bodyOnly: true });
  else if (op === "html2wt") await html2wt(html, env);
  else if (op === "selser") await html2wt(html.replace(/<p([ >])/, "<p$1Edited start. "), env, { original: { wikitext, html } });
  else await lint(wikitext, env);
  return cpuMs() - start;
}

/** The fastest of a few runs: other processes on a shared machine only ever add time. */
async function fastest(op: Operation, wikitext: string, html: string, env: Env, repeats: number): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < repeats; i++) best = Math.min(best, await timeOnce(op, wikitext, html, env));
  return best;
}

export interface GrowthRow {
  family: string;
  op: Operation;
  n: number;
  bytesN: number;
  msN: number;
  ms2N: number;
  ratio: number;
}

/** Times every operation on every family at n and 2n (after a warm-up at 2n). */
export async function measureGrowth(env: Env, repeats = 5, onStep?: (what: string) => void): Promise<GrowthRow[]> {
  const rows: GrowthRow[] = [];
  for (const family of growthFamilies()) {
    onStep?.(`${family.name}: wt2html`);
    const small = family.generate(family.n);
    const large = family.generate(family.n * 2);
    const smallHtml = (await wt2html(small, env, { bodyOnly: true })).html;
    const largeHtml = (await wt2html(large, env, { bodyOnly: true })).html;
    for (const op of ["wt2html", "html2wt", "selser", "lint"] as const) {
      onStep?.(`${family.name}: ${op}`);
      await timeOnce(op, large, largeHtml, env);
      const msN = await fastest(op, small, smallHtml, env, repeats);
      const ms2N = await fastest(op, large, largeHtml, env, repeats);
      rows.push({ family: family.name, op, n: family.n, bytesN: small.length, msN, ms2N, ratio: ms2N / Math.max(msN, 0.001) });
    }
  }
  return rows;
}
