/**
 * The two error shapes of MediaWiki: the REST API's JSON body and the action API's
 * `{error: {code, info}}`. Handlers throw these; the dispatchers turn them into responses in
 * one place.
 */

const HTTP_REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  411: "Length Required",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export function httpReason(status: number): string {
  return HTTP_REASONS[status] ?? "Error";
}

export interface RestErrorBody {
  errorKey: string;
  messageTranslations: { en: string };
  httpCode: number;
  httpReason: string;
  [extra: string]: unknown;
}

/** An error answered with MediaWiki's REST error body. */
export class RestError extends Error {
  readonly status: number;
  readonly errorKey: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errorKey: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.errorKey = errorKey;
    this.extra = extra;
    this.headers = headers;
  }

  body(): RestErrorBody {
    return {
      errorKey: this.errorKey,
      messageTranslations: { en: this.message },
      httpCode: this.status,
      httpReason: httpReason(this.status),
      ...this.extra,
    };
  }
}

/** A REST parameter that failed validation: MediaWiki adds name, value and failureCode. */
export function parameterError(
  name: string,
  value: unknown,
  failureCode: string,
  message: string,
  status = 400,
): RestError {
  return new RestError(status, `paramvalidator-${failureCode}`, message, {
    error: "parameter-validation-failed",
    name,
    value,
    failureCode,
    failureData: null,
  });
}

/** An action API error: answered with HTTP 200 (as MediaWiki does) unless a status is given. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(code: string, info: string, data: Record<string, unknown> = {}, status = 200) {
    super(info);
    this.name = "ApiError";
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  if (!h.has("content-type")) h.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function restErrorResponse(error: RestError): Response {
  return jsonResponse(error.body(), error.status, { "content-language": "en", ...error.headers });
}
