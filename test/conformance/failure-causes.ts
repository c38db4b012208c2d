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

/** The innermost element still open at an offset, e.g. "<td". */
function enclosingTag(html: string, offset: number): string {
  const open: string[] = [];
  for (const match of html.slice(0, offset).matchAll(/<(\/?)([a-zA-Z][^\s/>]*)[^>]*?(\/?)>/g)) {
    if (match[1]) open.pop();
    else if (!match[3]) open.push(match[2]!);
  }
  return open.length ? `<${open[open.length - 1]}` : "top level";
}

export function failureCause(result: CaseResult): string {
  if (result.error) return `error: ${result.error.split("\n")[0]!.slice(0, 80)}`;
  const expected = result.normalizedExpected;
  const actual = result.normalizedActual;
  let index = 0;
  while (index < expected.length && index < actual.length && expected[index] === actual[index]) index++;
  const wanted = unitAt(expected, index);
  const got = unitAt(actual, index);
  if (wanted === "text" && got === "text") return `text differs inside ${enclosingTag(expected, index)}`;
  return `expected ${wanted} / got ${got}`;
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
