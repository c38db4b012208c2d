import { ApiError } from "../errors.js";

/** MediaWiki separates multi-value parameters with "|", or with U+001F when the value starts with it. */
function splitMulti(value: string): string[] {
  if (value === "") return [];
  if (value.startsWith("\u001f")) return value.slice(1).split("\u001f");
  return value.split("|");
}

/**
 * Typed access to action API parameters, with MediaWiki's error codes when a value does not
 * fit: missingparam, badvalue, badinteger, ...
 */
export class ApiParams {
  private readonly values: Map<string, string>;
  readonly used = new Set<string>();

  constructor(values: Map<string, string>) {
    this.values = values;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string): string | undefined {
    this.used.add(name);
    return this.values.get(name);
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined || value === "") {
      throw new ApiError("missingparam", `The "${name}" parameter must be set.`);
    }
    return value;
  }

  /** MediaWiki booleans are true whenever the parameter is present, whatever its value. */
  bool(name: string): boolean {
    this.used.add(name);
    return this.values.has(name);
  }

  int(name: string, options: { min?: number; max?: number; default?: number } = {}): number | undefined {
    const raw = this.string(name);
    if (raw === undefined || raw === "") return options.default;
    if (!/^[-+]?\d+$/.test(raw.trim())) {
      throw new ApiError("badinteger", `Invalid value "${raw}" for integer parameter "${name}".`);
    }
    let value = parseInt(raw, 10);
    if (options.min !== undefined && value < options.min) {
      throw new ApiError("integeroutofrange", `Invalid value "${raw}" for integer parameter "${name}": must be no less than ${options.min}.`);
    }
    if (options.max !== undefined && value > options.max) value = options.max;
    return value;
  }

  /** A limit parameter: "max" means the maximum. */
  limit(name: string, defaultValue: number, max: number): number {
    const raw = this.values.get(name);
    if (raw === "max") {
      this.used.add(name);
      return max;
    }
    return this.int(name, { min: 1, max, default: defaultValue })!;
  }

  list(name: string): string[] {
    const raw = this.string(name);
    return raw === undefined ? [] : splitMulti(raw);
  }

  enumValue<T extends string>(name: string, allowed: readonly T[], defaultValue?: T): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return defaultValue;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw new ApiError("badvalue", `Unrecognized value for parameter "${name}": ${raw}.`);
    }
    return raw as T;
  }

  /** Values of a multi-value enum; unknown ones are reported back for a warning. */
  enumList<T extends string>(name: string, allowed: readonly T[]): { values: T[]; unknown: string[] } {
    const values: T[] = [];
    const unknown: string[] = [];
    for (const item of this.list(name)) {
      if ((allowed as readonly string[]).includes(item)) values.push(item as T);
      else unknown.push(item);
    }
    return { values, unknown };
  }

  /** Exactly one of the given parameters must be set. */
  requireOneOf(...names: string[]): string {
    const present = names.filter((name) => this.has(name));
    if (present.length === 0) {
      throw new ApiError("missingparam", `One of the parameters ${names.map((n) => `"${n}"`).join(", ")} is required.`);
    }
    if (present.length > 1) {
      throw new ApiError("invalidparammix", `The parameters ${present.map((n) => `"${n}"`).join(", ")} can not be used together.`);
    }
    return present[0]!;
  }
}
