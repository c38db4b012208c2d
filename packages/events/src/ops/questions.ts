/** The participant questions endpoint. */
import { QUESTIONS } from "../rules/questions";

export interface QuestionDescription {
  name: string;
  type: string;
  label: string;
  options?: Record<string, number>;
  "other-options"?: Record<string, { type: "text"; label: string }>;
}

/** The catalogue keyed by question id, limited to `ids` when given (unknown ids are ignored). */
export function describeQuestions(ids: readonly number[] | null): Record<string, QuestionDescription> {
  const result: Record<string, QuestionDescription> = {};
  for (const q of QUESTIONS) {
    if (ids !== null && !ids.includes(q.id)) continue;
    const item: QuestionDescription = { name: q.name, type: q.type, label: q.label };
    if (q.type !== "text") {
      item.options = Object.fromEntries(q.options.map((o) => [o.label, o.value]));
      const others = Object.entries(q.otherOptions);
      if (others.length > 0) item["other-options"] = Object.fromEntries(others.map(([value, label]) => [value, { type: "text" as const, label }]));
    }
    result[String(q.id)] = item;
  }
  return result;
}
