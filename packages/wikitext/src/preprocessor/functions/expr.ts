// {{#expr:}} — ParserFunctions' expression language: a shunting-yard evaluator over numbers,
// unary/binary operators and words (mod, round, trig, not/and/or...), with its precedence,
// its error messages word for word, and PHP's way of printing floats.
import { errorMarkup, type ParserFunction } from "./types.js";

export class ExprError extends Error {}

type Op =
  | "neg" | "pos" | "plus" | "minus" | "times" | "divide" | "mod" | "fmod" | "open"
  | "and" | "or" | "not" | "eq" | "lt" | "gt" | "le" | "ge" | "ne" | "round" | "exponent"
  | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "exp" | "ln" | "abs" | "floor"
  | "trunc" | "ceil" | "pow" | "pi" | "sqrt";

const PRECEDENCE: Record<Op, number> = {
  neg: 10, pos: 10, exponent: 10,
  sin: 9, cos: 9, tan: 9, asin: 9, acos: 9, atan: 9, exp: 9, ln: 9, abs: 9, floor: 9, trunc: 9, ceil: 9, not: 9, sqrt: 9,
  pow: 8,
  times: 7, divide: 7, mod: 7, fmod: 7,
  plus: 6, minus: 6,
  round: 5,
  eq: 4, lt: 4, gt: 4, le: 4, ge: 4, ne: 4,
  and: 3,
  or: 2,
  pi: 0,
  open: -1,
};

/** How each operator is named in error messages. */
const NAMES: Record<Op, string> = {
  neg: "-", pos: "+", not: "not", times: "*", divide: "/", mod: "mod", fmod: "fmod", plus: "+", minus: "-",
  and: "and", or: "or", eq: "=", lt: "<", gt: ">", le: "<=", ge: ">=", ne: "<>", round: "round", exponent: "e",
  sin: "sin", cos: "cos", tan: "tan", asin: "asin", acos: "acos", atan: "atan", exp: "exp", ln: "ln", abs: "abs",
  floor: "floor", trunc: "trunc", ceil: "ceil", pow: "^", pi: "pi", sqrt: "sqrt", open: "(",
};

const WORDS: Record<string, Op> = {
  mod: "mod", fmod: "fmod", and: "and", or: "or", not: "not", round: "round", div: "divide", e: "exponent",
  sin: "sin", cos: "cos", tan: "tan", asin: "asin", acos: "acos", atan: "atan", exp: "exp", ln: "ln",
  abs: "abs", trunc: "trunc", floor: "floor", ceil: "ceil", pi: "pi", sqrt: "sqrt",
};

const UNARY_WORDS = new Set<Op>(["not", "sin", "cos", "tan", "asin", "acos", "atan", "exp", "ln", "abs", "floor", "trunc", "ceil", "sqrt"]);

const MAX_STACK = 100;

/** PHP's (int) cast of a float: truncation, 0 for NaN and out-of-range values. */
function phpInt(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const t = Math.trunc(x);
  return Math.abs(t) > 9.2e18 ? 0 : t;
}

/** PHP's round(): half away from zero, after removing binary representation noise. */
export function phpRound(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 ? -rounded : rounded;
}

/** How PHP prints a float with precision=14 (as ParserFunctions' results are printed). */
export function formatPhpFloat(x: number): string {
  if (Number.isNaN(x)) return "NAN";
  if (x === Infinity) return "INF";
  if (x === -Infinity) return "-INF";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const [mantissa, expPart] = x.toExponential(13).split("e") as [string, string];
  const exponent = Number(expPart);
  if (exponent < -4 || exponent >= 14) {
    let m = mantissa.replace(/\.?0+$/, "");
    if (!m.includes(".")) m += ".0";
    return `${m}E${exponent < 0 ? "-" : "+"}${Math.abs(exponent)}`;
  }
  const fixed = Number(x.toPrecision(14));
  return String(fixed);
}

function applyOp(op: Op, stack: number[]): void {
  const need = ["neg", "pos", "not", "sin", "cos", "tan", "asin", "acos", "atan", "exp", "ln", "abs", "floor", "trunc", "ceil", "sqrt"].includes(op) ? 1 : 2;
  if (stack.length < need) throw new ExprError(`Expression error: Missing operand for ${NAMES[op]}.`);
  if (need === 1) {
    const a = stack.pop()!;
    stack.push(unary(op, a));
    return;
  }
  const right = stack.pop()!;
  const left = stack.pop()!;
  stack.push(binary(op, left, right));
}

function unary(op: Op, a: number): number {
  switch (op) {
    case "neg": return -a;
    case "pos": return +a;
    case "not": return a ? 0 : 1;
    case "sin": return Math.sin(a);
    case "cos": return Math.cos(a);
    case "tan": return Math.tan(a);
    case "asin":
      if (a < -1 || a > 1) throw new ExprError("Invalid argument for asin: < -1 or > 1.");
      return Math.asin(a);
    case "acos":
      if (a < -1 || a > 1) throw new ExprError("Invalid argument for acos: < -1 or > 1.");
      return Math.acos(a);
    case "atan": return Math.atan(a);
    case "exp": return Math.exp(a);
    case "ln":
      if (a <= 0) throw new ExprError("Invalid argument for ln: <= 0.");
      return Math.log(a);
    case "abs": return Math.abs(a);
    case "floor": return Math.floor(a);
    case "trunc": return phpInt(a);
    case "ceil": return Math.ceil(a);
    case "sqrt": {
      const r = Math.sqrt(a);
      if (Number.isNaN(r)) throw new ExprError("In sqrt: result is not a number.");
      return r;
    }
    default: throw new ExprError(`Expression error: Unknown error (${NAMES[op]}).`);
  }
}

function binary(op: Op, left: number, right: number): number {
  switch (op) {
    case "times": return left * right;
    case "divide":
      if (right === 0) throw new ExprError("Division by zero.");
      return left / right;
    case "mod": {
      const r = phpInt(right);
      const l = phpInt(left);
      if (r === 0) throw new ExprError("Division by zero.");
      return l % r;
    }
    case "fmod":
      if (right === 0) throw new ExprError("Division by zero.");
      return left % right;
    case "plus": return left + right;
    case "minus": return left - right;
    case "and": return left && right ? 1 : 0;
    case "or": return left || right ? 1 : 0;
    case "eq": return left === right ? 1 : 0;
    case "ne": return left !== right ? 1 : 0;
    case "lt": return left < right ? 1 : 0;
    case "gt": return left > right ? 1 : 0;
    case "le": return left <= right ? 1 : 0;
    case "ge": return left >= right ? 1 : 0;
    case "round": return phpRound(left, phpInt(right));
    case "exponent": return left * 10 ** right;
    case "pow": {
      const r = left ** right;
      if (Number.isNaN(r)) throw new ExprError("In ^: result is not a number.");
      return r;
    }
    default: throw new ExprError(`Expression error: Unknown error (${NAMES[op]}).`);
  }
}

/** Evaluates an expression; the result as ParserFunctions prints it ("" for an empty one). */
export function evaluateExpression(input: string): string {
  // Typographic minus signs are minus signs.
  const expr = input.replace(/\u2212|&minus;/g, "-");
  const operands: number[] = [];
  const operators: Op[] = [];
  let expecting: "expression" | "operator" = "expression";
  let p = 0;
  const end = expr.length;
  while (p < end) {
    if (operands.length > MAX_STACK || operators.length > MAX_STACK) throw new ExprError("Expression error: Stack exhausted.");
    const ch = expr[p]!;
    const ch2 = expr.slice(p, p + 2);
    let op: Op;
    let name: string;
    if (ch === " " || ch === "\t" || ch === "\r" || ch === "\n") {
      p++;
      continue;
    } else if ((ch >= "0" && ch <= "9") || ch === ".") {
      if (expecting !== "expression") throw new ExprError("Expression error: Unexpected number.");
      let q = p;
      while (q < end && ((expr[q]! >= "0" && expr[q]! <= "9") || expr[q] === ".")) q++;
      operands.push(parsePhpFloat(expr.slice(p, q)));
      p = q;
      expecting = "operator";
      continue;
    } else if (/[A-Za-z]/.test(ch)) {
      let q = p;
      while (q < end && /[A-Za-z]/.test(expr[q]!)) q++;
      const word = expr.slice(p, q).toLowerCase();
      p = q;
      const wordOp = WORDS[word];
      if (wordOp === undefined) throw new ExprError(`Expression error: Unrecognized word "${word}".`);
      if (wordOp === "exponent" && expecting === "expression") {
        operands.push(Math.E);
        expecting = "operator";
        continue;
      }
      if (wordOp === "pi") {
        if (expecting !== "expression") throw new ExprError("Expression error: Unexpected number.");
        operands.push(Math.PI);
        expecting = "operator";
        continue;
      }
      if (UNARY_WORDS.has(wordOp)) {
        if (expecting !== "expression") throw new ExprError(`Expression error: Unexpected ${word} operator.`);
        operators.push(wordOp);
        continue;
      }
      op = wordOp;
      name = word;
    } else if (ch2 === "<=") {
      op = "le";
      name = ch2;
      p += 2;
    } else if (ch2 === ">=") {
      op = "ge";
      name = ch2;
      p += 2;
    } else if (ch2 === "<>" || ch2 === "!=") {
      op = "ne";
      name = ch2;
      p += 2;
    } else if (ch === "+" || ch === "-") {
      p++;
      if (expecting === "expression") {
        operators.push(ch === "+" ? "pos" : "neg");
        continue;
      }
      op = ch === "+" ? "plus" : "minus";
      name = ch;
    } else if (ch === "*" || ch === "/" || ch === "^" || ch === "=" || ch === "<" || ch === ">") {
      op = ({ "*": "times", "/": "divide", "^": "pow", "=": "eq", "<": "lt", ">": "gt" } as const)[ch];
      name = ch;
      p++;
    } else if (ch === "(") {
      if (expecting === "operator") throw new ExprError("Expression error: Unexpected ( operator.");
      operators.push("open");
      p++;
      continue;
    } else if (ch === ")") {
      let last = operators[operators.length - 1];
      while (last !== undefined && last !== "open") {
        applyOp(last, operands);
        operators.pop();
        last = operators[operators.length - 1];
      }
      if (last === undefined) throw new ExprError("Expression error: Unexpected closing bracket.");
      operators.pop();
      expecting = "operator";
      p++;
      continue;
    } else {
      const first = String.fromCodePoint(expr.codePointAt(p)!);
      throw new ExprError(`Expression error: Unrecognized punctuation character "${first}".`);
    }

    if (expecting === "expression") throw new ExprError(`Expression error: Unexpected ${name} operator.`);
    let last = operators[operators.length - 1];
    while (last !== undefined && PRECEDENCE[op] <= PRECEDENCE[last]) {
      applyOp(last, operands);
      operators.pop();
      last = operators[operators.length - 1];
    }
    operators.push(op);
    expecting = "expression";
  }
  while (operators.length > 0) {
    const op = operators.pop()!;
    if (op === "open") throw new ExprError("Expression error: Unclosed bracket.");
    applyOp(op, operands);
  }
  return operands.map(formatPhpFloat).join("<br />\n");
}

/** PHP's (float) cast of a digits-and-dots run: "1.2.3" is 1.2, "." is 0. */
function parsePhpFloat(text: string): number {
  const match = /^\d*(?:\.\d*)?/.exec(text)![0];
  const value = Number(match === "." || match === "" ? "0" : match.endsWith(".") ? match.slice(0, -1) || "0" : match.startsWith(".") ? `0${match}` : match);
  return Number.isNaN(value) ? 0 : value;
}

export const exprFunction: ParserFunction = {
  name: "expr",
  hash: true,
  call(ctx) {
    try {
      return evaluateExpression(ctx.first);
    } catch (error) {
      if (error instanceof ExprError) return errorMarkup(error.message);
      throw error;
    }
  },
};
