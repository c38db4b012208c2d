import { describe, expect, it } from "vitest";
import { evaluateExpression } from "../../src/preprocessor/index.js";
import { formatPhpFloat, phpRound } from "../../src/preprocessor/functions/expr.js";
import { expandText } from "./helpers.js";

const expr = (text: string) => {
  try {
    return evaluateExpression(text);
  } catch (error) {
    return (error as Error).message;
  }
};

describe("#expr", () => {
  it("follows ParserFunctions' precedence", () => {
    expect(expr("1 + 2 * 3")).toBe("7");
    expect(expr("(1 + 2) * 3")).toBe("9");
    expect(expr("2 ^ 3 ^ 2")).toBe("64");
    expect(expr("-2 ^ 2")).toBe("4");
    expect(expr("2 * -3")).toBe("-6");
    expect(expr("10 - 2 - 3")).toBe("5");
    expect(expr("1 + 2 = 3")).toBe("1");
    expect(expr("1 or 0 and 0")).toBe("1");
    expect(expr("not 0")).toBe("1");
    expect(expr("not 1 + 1")).toBe("1");
    expect(expr("3.14159 round 2")).toBe("3.14");
    expect(expr("1 + 1 round 0")).toBe("2");
  });

  it("has div, mod, fmod, e, pi and the functions", () => {
    expect(expr("7 div 2")).toBe("3.5");
    expect(expr("7 mod 3")).toBe("1");
    expect(expr("-7 mod 3")).toBe("-1");
    expect(expr("7.9 mod 3.9")).toBe("1");
    expect(expr("7.5 fmod 2")).toBe("1.5");
    expect(expr("2e3")).toBe("2000");
    expect(expr("1.5e-2")).toBe("0.015");
    expect(expr("e")).toBe("2.718281828459");
    expect(expr("pi")).toBe("3.1415926535898");
    expect(expr("sin 0")).toBe("0");
    expect(expr("cos 0")).toBe("1");
    expect(expr("abs -3")).toBe("3");
    expect(expr("floor -1.5")).toBe("-2");
    expect(expr("ceil 1.2")).toBe("2");
    expect(expr("trunc -1.7")).toBe("-1");
    expect(expr("sqrt 16")).toBe("4");
    expect(expr("ln 1")).toBe("0");
    expect(expr("exp 0")).toBe("1");
    expect(expr("1 <> 2")).toBe("1");
    expect(expr("1 != 1")).toBe("0");
    expect(expr("2 >= 2")).toBe("1");
    expect(expr("2 <= 1")).toBe("0");
    expect(expr("")).toBe("");
  });

  it("prints numbers as PHP does", () => {
    expect(expr("1/3")).toBe("0.33333333333333");
    expect(expr("10^20")).toBe("1.0E+20");
    expect(expr("1/100000")).toBe("1.0E-5");
    expect(expr("100000000000000")).toBe("1.0E+14");
    expect(expr("0.1 + 0.2")).toBe("0.3");
    expect(formatPhpFloat(-0)).toBe("-0");
    expect(formatPhpFloat(1.5e300 * 1e10)).toBe("INF");
    expect(phpRound(2.5, 0)).toBe(3);
    expect(phpRound(-2.5, 0)).toBe(-3);
    expect(phpRound(1.955, 2)).toBe(1.96);
    expect(phpRound(1234, -2)).toBe(1200);
  });

  it("words its errors as ParserFunctions does", () => {
    expect(expr("1 +")).toBe("Expression error: Missing operand for +.");
    expect(expr("1 2")).toBe("Expression error: Unexpected number.");
    expect(expr("foo")).toBe('Expression error: Unrecognized word "foo".');
    expect(expr("(1")).toBe("Expression error: Unclosed bracket.");
    expect(expr("1)")).toBe("Expression error: Unexpected closing bracket.");
    expect(expr("1 @ 2")).toBe('Expression error: Unrecognized punctuation character "@".');
    expect(expr("* 2")).toBe("Expression error: Unexpected * operator.");
    expect(expr("1 not 2")).toBe("Expression error: Unexpected not operator.");
    expect(expr("1/0")).toBe("Division by zero.");
    expect(expr("1 mod 0")).toBe("Division by zero.");
    expect(expr("asin 2")).toBe("Invalid argument for asin: < -1 or > 1.");
    expect(expr("ln 0")).toBe("Invalid argument for ln: <= 0.");
    expect(expr("sqrt -1")).toBe("In sqrt: result is not a number.");
    expect(expr("(".repeat(200))).toBe("Expression error: Stack exhausted.");
  });

  it("wraps errors in error markup in the page", async () => {
    expect(await expandText("{{#expr: 1/0}}")).toBe('<strong class="error">Division by zero.</strong>');
    expect(await expandText("{{#expr: 2 * {{{1|3}}} }}")).toBe("6");
  });
});
