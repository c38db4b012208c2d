/**
 * Judges one answer: MediaWiki's error shapes (REST body under /w/rest.php, `{error: {code,
 * info}}` under /w/api.php), never a 5xx, and whether it met the case's expectation.
 */
import type { Expectation } from "./cases.js";

/**
 * Which API answers a URL once the URL parser has resolved dot segments: a hostile path may
 * leave the API it was aimed at (the platform answers unknown paths with the REST shape).
 */
export function apiOfPath(pathname: string): "rest" | "action" | "trpc" | null {
  if (pathname === "/w/api.php") return "action";
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/")) return "trpc";
  if (pathname === "/w/rest.php" || pathname.startsWith("/w/rest.php/")) return "rest";
  return null;
}

export interface Judged {
  status: number;
  /** REST errorKey or action API error code; null for a success. */
  code: string | null;
  problem: string | null;
}

export async function judgeAnswer(api: "rest" | "action" | "trpc", response: Response, expect: Expectation): Promise<Judged> {
  const status = response.status;
  const text = await response.text();
  let body: any = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const judged = (code: string | null, problem: string | null): Judged => ({ status, code, problem });
  if (status >= 500) return judged(null, `server error ${status}: ${text.slice(0, 300)}`);
  // No answer may leak a file from the host, whatever path games are played.
  if (/root:.*:0:0:/.test(text)) return judged(null, "answer contains /etc/passwd");
  if (api === "action") {
    const error = body?.error;
    const isError = error !== undefined;
    if (isError && (typeof error.code !== "string" || typeof error.info !== "string")) return judged(null, `malformed action API error: ${text.slice(0, 200)}`);
    if (status >= 400 && !isError) return judged(null, `HTTP ${status} without an action API error body: ${text.slice(0, 200)}`);
    if (body === undefined) return judged(null, `answer is not JSON: ${text.slice(0, 200)}`);
    if (expect === "error" && !isError) return judged(null, "expected an error, got a success");
    if (expect === "ok" && isError) return judged(error.code, `expected a success, got ${error.code}: ${error.info}`);
    return judged(isError ? error.code : null, null);
  }
  if (api === "trpc") {
    // tRPC's own error shape: {error: {message, code, data: {code, httpStatus}}}.
    const error = body?.error;
    const isError = status >= 400;
    if (isError && (typeof error?.message !== "string" || typeof error?.data?.code !== "string" || error?.data?.httpStatus !== status)) {
      return judged(null, `HTTP ${status} without tRPC's error body: ${text.slice(0, 200)}`);
    }
    if (expect === "error" && !isError) return judged(null, `expected a 4xx, got ${status}`);
    if (expect === "ok" && isError) return judged(error.data.code, `expected a success, got ${status} ${error.message}`);
    return judged(isError ? error.data.code : null, null);
  }
  const isError = status >= 400;
  if (isError) {
    const ok =
      body &&
      typeof body.errorKey === "string" &&
      typeof body.messageTranslations?.en === "string" &&
      body.httpCode === status &&
      typeof body.httpReason === "string";
    if (!ok) return judged(null, `HTTP ${status} without MediaWiki's REST error body: ${text.slice(0, 200)}`);
    if (!/^application\/json/.test(response.headers.get("content-type") ?? "")) return judged(body.errorKey, "REST error is not served as JSON");
  }
  if (expect === "error" && !isError) return judged(null, `expected a 4xx, got ${status}`);
  if (expect === "ok" && (isError || status >= 400)) return judged(body?.errorKey ?? null, `expected a success, got ${status} ${body?.errorKey}`);
  return judged(isError ? body.errorKey : null, null);
}
