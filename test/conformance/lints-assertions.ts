// The assertion ops of lints.jsonl, evaluated against a lint result array. A path indexes into
// the array ("*" = every item); `filterType` first keeps only the items of that type.
import { isDeepStrictEqual } from "node:util";

export interface LintAssertionSpec {
  op: string;
  path?: (string | number)[];
  value?: unknown;
  filterType?: string;
  expected?: number;
  actual?: unknown[];
}

type Lookup = { found: boolean; value: unknown };

function lookup(root: unknown, path: readonly (string | number)[]): Lookup[] {
  let current: Lookup[] = [{ found: true, value: root }];
  for (const key of path) {
    const next: Lookup[] = [];
    for (const { found, value } of current) {
      if (!found || value === null || typeof value !== "object") {
        next.push({ found: false, value: undefined });
        continue;
      }
      if (key === "*" && Array.isArray(value)) {
        for (const v of value) next.push({ found: true, value: v });
        continue;
      }
      const record = value as Record<string | number, unknown>;
      const has = Object.prototype.hasOwnProperty.call(record, key);
      next.push({ found: has, value: has ? record[key] : undefined });
    }
    current = next;
  }
  return current;
}

/** Returns null when the assertion holds, else a short description of the mismatch. */
export function checkAssertion(result: readonly unknown[], a: LintAssertionSpec): string | null {
  const subject = a.filterType ? result.filter((item) => (item as { type?: unknown }).type === a.filterType) : result;
  const path = a.path ?? [];
  const describe = (got: unknown) => `${a.op} ${JSON.stringify(path)}${a.filterType ? ` [${a.filterType}]` : ""}: expected ${JSON.stringify(a.value ?? a.expected)}, got ${JSON.stringify(got)}`;
  const values = lookup(subject, path);
  switch (a.op) {
    case "local-count":
      return a.expected === (a.actual ?? []).length ? null : describe((a.actual ?? []).length);
    case "count": {
      const v = values[0]?.value;
      const n = Array.isArray(v) ? v.length : -1;
      return n === a.value ? null : describe(n);
    }
    case "same":
    case "equals": {
      const bad = values.find((v) => !v.found || !isDeepStrictEqual(v.value, a.value));
      return bad ? describe(bad.value) : null;
    }
    case "notEquals": {
      const bad = values.find((v) => v.found && isDeepStrictEqual(v.value, a.value));
      return bad ? describe(bad.value) : null;
    }
    case "isset": {
      const bad = values.find((v) => (v.found && v.value !== null && v.value !== undefined) !== a.value);
      return bad ? describe(bad.value) : null;
    }
    case "truthy": {
      const bad = values.find((v) => Boolean(v.value) !== a.value);
      return bad ? describe(bad.value) : null;
    }
    default:
      return `unknown assertion op ${a.op}`;
  }
}
