import type { CaseResult } from "./runner-core.js";

/**
 * Groups failures by where the normalised output first departs from the expectation, so that the
 * most common engine gaps stand out ("expected <figure, got <span"). A heuristic, for reports.
 */
export interface FailureCause {
  cause: string;
  count: number;
  example: CaseResult;
}

/** The markup unit starting at or enclosing an offset: a tag name, an attribute name, or text. */
function unitAt(html: string, offset: number): string {
  if (offset >= html.length) return "end of output";
  const tagStart = html.lastIndexOf("<", offset);
  const tagEnd = html.lastIndexOf(">", offset - 1);
  if (tagStart > tagEnd) {
    // Inside a tag: name the tag, and the attribute when the difference lies in one.
    const tag = /^<\/?[^\s/>]*/.exec(html.slice(tagStart))?.[0] ?? "<";
    const attribute = /([\w:-]+)=["'][^"']*$/.exec(html.slice(tagStart, offset + 1))?.[1];
    return attribute ? `${tag} ${attribute}=` : tag;
  }
  return html[offset] === "\n" ? "newline" : "text";
}

export function failureCause(result: CaseResult): string {
  if (result.error) return `error: ${result.error.split("\n")[0]!.slice(0, 80)}`;
  const expected = result.normalizedExpected;
  const actual = result.normalizedActual;
  let index = 0;
  while (index < expected.length && index < actual.length && expected[index] === actual[index]) index++;
  return `expected ${unitAt(expected, index)} / got ${unitAt(actual, index)}`;
}

export function topFailureCauses(results: readonly CaseResult[], limit = 15): FailureCause[] {
  const causes = new Map<string, FailureCause>();
  for (const result of results) {
    if (result.passed) continue;
    const cause = failureCause(result);
    const entry = causes.get(cause);
    if (entry) entry.count++;
    else causes.set(cause, { cause, count: 1, example: result });
  }
  return [...causes.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}
