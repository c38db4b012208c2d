/**
 * The participant question catalogue (CampaignEvents' questions, with this product's own English
 * labels) and the reading of the answers a participant sends when registering.
 */
import { invalid } from "../errors";

export interface QuestionOption {
  value: number;
  label: string;
}

export interface Question {
  id: number;
  name: string;
  type: "radio" | "select" | "text";
  label: string;
  /** Personally identifying: never shown to organizers participant by participant. */
  pii: boolean;
  /** Multiple-choice options; value 0 is the "no answer" placeholder. */
  options: QuestionOption[];
  /** Option values that accept extra free text, with the label of that text field. */
  otherOptions: Record<number, string>;
}

const opts = (...labels: string[]): QuestionOption[] => labels.map((label, value) => ({ value, label }));

export const QUESTIONS: readonly Question[] = [
  {
    id: 1, name: "gender", type: "radio", pii: true, label: "Gender identity (optional)",
    options: opts("No answer", "Man", "Woman", "Agender", "Non-binary", "Gender not in this list"), otherOptions: {},
  },
  {
    id: 2, name: "age", type: "select", pii: true, label: "Age range (optional)",
    options: opts("Pick an age range", "Under 25", "25 to 34", "35 to 44", "45 to 54", "55 to 64", "65 to 74", "75 to 84", "85 or older"),
    otherOptions: {},
  },
  {
    id: 3, name: "profession", type: "select", pii: true, label: "Profession (optional)",
    options: opts(
      "Pick a profession", "Arts or creative work", "Teaching", "Library work", "News and media", "Museum or archive work",
      "Non-profit work", "Research", "Software engineering", "Studying", "Profession not in this list",
    ),
    otherOptions: {},
  },
  {
    id: 4, name: "confidence", type: "radio", pii: false, label: "Confidence contributing to the wikis of this event (optional)",
    options: opts("No answer", "Never contributed", "Some experience, not yet confident", "Some experience, confident, keen to learn more", "Confident without help"),
    otherOptions: {},
  },
  {
    id: 5, name: "affiliate", type: "select", pii: false, label: "Member of a movement affiliate (optional)",
    options: opts("Pick an answer", "Yes", "No"), otherOptions: { 1: "Name of the affiliate" },
  },
];

/** Every new registration asks all questions of the catalogue. */
export const DEFAULT_QUESTION_IDS: readonly number[] = QUESTIONS.map((q) => q.id);

const byName = new Map(QUESTIONS.map((q) => [q.name, q]));
const byId = new Map(QUESTIONS.map((q) => [q.id, q]));

export function questionById(id: number): Question | undefined {
  return byId.get(id);
}

export interface Answer {
  questionId: number;
  /** Chosen option value (null for free text). */
  option: number | null;
  text: string | null;
}

const badAnswer = (name: string) => invalid("campaignevents-rest-register-invalid-answer", `The answer to the question "${name}" is not valid.`);

/**
 * Reads the `answers` body field (question name → {value, other?}). Questions that are unknown,
 * or neither enabled for the event nor answered before, are ignored; "no answer" values record
 * nothing. Throws 400 campaignevents-rest-register-invalid-answer for malformed answers.
 */
export function readAnswers(input: unknown, enabled: ReadonlySet<number>, answeredBefore: ReadonlySet<number>): Answer[] {
  if (input === undefined || input === null) return [];
  if (typeof input !== "object" || Array.isArray(input)) throw invalid("campaignevents-rest-register-invalid-answer", "The answers must be an object keyed by question name.");
  const answers: Answer[] = [];
  for (const [name, entry] of Object.entries(input as Record<string, unknown>)) {
    const question = byName.get(name);
    if (!question || !(enabled.has(question.id) || answeredBefore.has(question.id))) continue;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry) || !("value" in entry)) throw badAnswer(name);
    const { value, other } = entry as { value: unknown; other?: unknown };
    if (question.type === "text") {
      if (typeof value !== "string") throw badAnswer(name);
      if (value !== "") answers.push({ questionId: question.id, option: null, text: value });
      continue;
    }
    if (typeof value !== "number" || !Number.isInteger(value) || !question.options.some((o) => o.value === value)) throw badAnswer(name);
    if (value === 0) continue;
    let text: string | null = null;
    if (question.otherOptions[value] !== undefined && other !== undefined) {
      if (typeof other !== "string") throw badAnswer(name);
      if (other !== "") text = other;
    }
    answers.push({ questionId: question.id, option: value, text });
  }
  return answers.sort((a, b) => a.questionId - b.questionId);
}

/** How an organizer sees one non-PII answer: the option label, plus ": text" when given. */
export function describeAnswer(question: Question, answer: Answer | undefined): string {
  if (!answer) return "No answer given";
  const label = answer.option === null ? "" : (question.options.find((o) => o.value === answer.option)?.label ?? "");
  if (answer.text === null) return label;
  return label ? `${label}: ${answer.text}` : answer.text;
}
