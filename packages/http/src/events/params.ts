/**
 * Typed parameters of the campaignevents routes, validated the way MediaWiki's REST framework
 * does: path and query failures use the failure code as errorKey, JSON body failures use
 * rest-body-validation-error with the code in failureCode. Checks run in declaration order and
 * the first failure is reported.
 */
import { normalizeTimestampInput } from "@wikiloom/events";
import { validUserName } from "@wikiloom/wiki";
import { Title, type SiteConfig } from "@wikiloom/wikitext";
import { RestError } from "../errors.js";

type Where = "path" | "query" | "body";

export function paramFailure(where: Where, name: string, value: unknown, failureCode: string, message: string): RestError {
  return new RestError(400, where === "body" ? "rest-body-validation-error" : failureCode, message, {
    error: "parameter-validation-failed",
    name,
    value: value === undefined ? null : value,
    failureCode,
    failureData: null,
  });
}

const TRUE_WORDS = new Set(["true", "t", "yes", "y", "on", "1"]);
const FALSE_WORDS = new Set(["false", "f", "no", "n", "off", "0", ""]);
const INTEGER = /^[+-]?\d+$/;

/** An integer from a path or query string. */
export function intParam(where: "path" | "query", name: string, text: string | null, required: boolean): number | null {
  if (text === null) {
    if (required) throw paramFailure(where, name, null, "missingparam", `The "${name}" parameter must be set.`);
    return null;
  }
  const value = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw paramFailure(where, name, text, "badinteger", `Invalid integer value "${text}" for "${name}".`);
  return value;
}

/** A "|"-separated list of integers from the query string ("" is the empty list). */
export function intListQuery(name: string, text: string | null, max = 50): number[] | null {
  if (text === null) return null;
  if (text === "") return [];
  const parts = text.split("|");
  if (parts.length > max) throw paramFailure("query", name, text, "toomanyvalues", `Too many values for "${name}" (at most ${max}).`);
  return parts.map((part) => intParam("query", name, part, true)!);
}

export function boolQuery(name: string, text: string | null, required: boolean): boolean | null {
  if (text === null) {
    if (required) throw paramFailure("query", name, null, "missingparam", `The "${name}" parameter must be set.`);
    return null;
  }
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw paramFailure("query", name, text, "badbool", `Invalid boolean value "${text}" for "${name}".`);
}

/**
 * Reads JSON (or form) body fields one at a time, remembering which were declared so undeclared
 * ones can be refused afterwards. Form bodies carry strings only: booleans and lists are read
 * from their string forms there.
 */
export class BodyReader {
  private readonly declared = new Set<string>(["token"]);

  constructor(
    private readonly fields: Record<string, unknown>,
    private readonly typed: boolean,
  ) {}

  private raw(name: string): unknown {
    this.declared.add(name);
    const value = this.fields[name];
    return value === null ? undefined : value;
  }

  private fail(name: string, value: unknown, code: string, message: string): never {
    throw paramFailure("body", name, value, code, message);
  }

  string(name: string, opts: { required?: boolean; maxBytes?: number } = {}): string | undefined {
    const value = this.raw(name);
    if (value === undefined || (opts.required && value === "")) {
      if (opts.required) this.fail(name, value, "missingparam", `The "${name}" parameter must be set.`);
      return undefined;
    }
    if (typeof value !== "string") this.fail(name, value, "needstring", `"${name}" must be a string.`);
    if (opts.maxBytes !== undefined && new TextEncoder().encode(value).byteLength > opts.maxBytes) {
      this.fail(name, value, "maxbytes", `"${name}" must not be longer than ${opts.maxBytes} bytes.`);
    }
    return value;
  }

  enumValue<T extends string>(name: string, allowed: readonly T[], required: boolean): T | undefined {
    const value = this.string(name, { required });
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) this.fail(name, value, "badvalue", `"${name}" must be one of: ${allowed.join(", ")}.`);
    return value as T;
  }

  title(name: string, site: SiteConfig): Title {
    const value = this.raw(name);
    if (value === undefined) this.fail(name, value, "missingparam", `The "${name}" parameter must be set.`);
    if (typeof value !== "string") this.fail(name, value, "needstring", `"${name}" must be a string.`);
    const title = value.trim() === "" ? null : Title.tryParse(value, site);
    if (!title) this.fail(name, value, "badtitle", `"${value}" is not a valid page title.`);
    return title;
  }

  timestamp(name: string, required: boolean): string | undefined {
    const value = this.raw(name);
    if (value === undefined) {
      if (required) this.fail(name, value, "missingparam", `The "${name}" parameter must be set.`);
      return undefined;
    }
    const text = typeof value === "number" && Number.isInteger(value) ? String(value) : value;
    const normal = typeof text === "string" ? normalizeTimestampInput(text) : null;
    if (normal === null) this.fail(name, value, "badtimestamp", `Invalid timestamp "${String(value)}" for "${name}".`);
    return normal;
  }

  bool(name: string, required = false): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined) {
      if (required) this.fail(name, value, "missingparam", `The "${name}" parameter must be set.`);
      return undefined;
    }
    if (typeof value === "boolean") return value;
    if (!this.typed && typeof value === "string") {
      if (TRUE_WORDS.has(value.toLowerCase())) return true;
      if (FALSE_WORDS.has(value.toLowerCase())) return false;
    }
    this.fail(name, value, this.typed ? "badbool-type" : "badbool", `"${name}" must be a boolean.`);
  }

  private list(name: string, required: boolean): unknown[] | undefined {
    const value = this.raw(name);
    if (value === undefined) {
      if (required) this.fail(name, value, "missingparam", `The "${name}" parameter must be set.`);
      return undefined;
    }
    const items = !this.typed && typeof value === "string" ? (value === "" ? [] : value.split("|")) : value;
    if (!Array.isArray(items)) this.fail(name, value, "multivalue-must-be-array", `"${name}" must be an array.`);
    if (items.length > 50) this.fail(name, value, "toomanyvalues", `Too many values for "${name}" (at most 50).`);
    return items;
  }

  intList(name: string, required = false): number[] | undefined {
    const items = this.list(name, required);
    if (items === undefined) return undefined;
    return items.map((item) => {
      const value = !this.typed && typeof item === "string" && INTEGER.test(item) ? Number(item) : item;
      if (typeof value !== "number" || !Number.isSafeInteger(value)) {
        this.fail(name, item, this.typed ? "badinteger-type" : "badinteger", `"${name}" must hold integers.`);
      }
      return value;
    });
  }

  userNames(name: string, required = false): string[] | undefined {
    const items = this.list(name, required);
    if (items === undefined) return undefined;
    return items.map((item) => {
      if (typeof item !== "string") this.fail(name, item, "needstring", `"${name}" must hold user names.`);
      try {
        // Canonical form: first letter upper case, underscores as spaces.
        return validUserName(item);
      } catch {
        this.fail(name, item, "baduser", `"${item}" is not a valid user name.`);
      }
    });
  }

  /** A free-form value the domain validates itself (participant answers). */
  any(name: string): unknown {
    return this.raw(name);
  }

  /** Refuses fields the endpoint does not declare. */
  rejectUndeclared(): void {
    const extra = Object.keys(this.fields).filter((key) => !this.declared.has(key));
    if (extra.length > 0) {
      throw new RestError(400, "rest-extraneous-body-fields", `Undeclared body fields: ${extra.join(", ")}.`, {
        error: "parameter-validation-failed",
        failureCode: "extraneous-body-fields",
        failureData: extra,
        name: extra[0],
      });
    }
  }

  get token(): unknown {
    return this.fields.token;
  }
}
