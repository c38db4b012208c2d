/**
 * Pathological wikitext for the linearity benchmark. Each generator takes a size n and returns a
 * document in which the construct is repeated or nested n times; the benchmark converts sizes n
 * and 2n, and a linear engine takes about twice as long for the second.
 */
export interface PathologicalInput {
  name: string;
  /** The base size n. */
  n: number;
  unit: string;
  generate(size: number): string;
}

/** Filler words so that long lines are not a single run of one character. */
function words(length: number): string {
  const pattern = "lorem ipsum [[dolor]] sit ''amet'', consectetur {{adipiscing}} elit <b>sed</b> do eiusmod ";
  return pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
}

export const PATHOLOGICAL_INPUTS: PathologicalInput[] = [
  { name: "unclosed [[", n: 100_000, unit: "openers", generate: (size) => "[[a ".repeat(size) },
  { name: "unclosed {{", n: 100_000, unit: "openers", generate: (size) => "{{a ".repeat(size) },
  { name: "unclosed '''", n: 100_000, unit: "openers", generate: (size) => "'''a ".repeat(size) },
  { name: "unclosed <b>", n: 100_000, unit: "openers", generate: (size) => "<b>a ".repeat(size) },
  {
    name: "deep list prefixes",
    n: 10_000,
    unit: "levels",
    // Ten lines nested `size` levels deep, alternating list kinds so no line continues the last.
    generate: (size) => Array.from({ length: 10 }, (_, i) => `${(i % 2 ? "*#:" : "#*;").repeat(Math.ceil(size / 3)).slice(0, size)} item ${i}`).join("\n"),
  },
  { name: "one long line", n: 1_000_000, unit: "bytes", generate: (size) => words(size) },
];
