// Next.js decodes the path of the dynamic API routes before any handler runs, and answers a
// path that is not valid percent-encoded UTF-8 (`%FF`, `%C0%AF`, a cut-off `%E0%A4%A`) with a
// bare 500. Such paths are the client's mistake: refuse them here with a 400 in the error shape
// of the API they were aimed at (MediaWiki's REST body, or tRPC's for the sync router).
import { NextResponse } from "next/server";

const REST_PREFIX = "/w/rest.php/";
const TRPC_PREFIX = "/api/trpc/";
const MESSAGE = "The request path is not correctly percent-encoded.";

function validlyEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function badPath(pathname: string): Response {
  const body = pathname.startsWith(TRPC_PREFIX)
    ? // tRPC's error shape; -32600 is its JSON-RPC code for BAD_REQUEST.
      { error: { message: MESSAGE, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } }
    : { errorKey: "rest-bad-path", messageTranslations: { en: MESSAGE }, httpCode: 400, httpReason: "Bad Request" };
  return new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json; charset=utf-8", "content-language": "en" } });
}

export function proxy(request: Request): Response {
  const pathname = new URL(request.url).pathname;
  // Everything else goes on to the route handlers untouched (a proxy that returns nothing would
  // answer an empty 200 instead).
  if (validlyEncoded(pathname)) return NextResponse.next();
  return badPath(pathname);
}

export const config = { matcher: ["/w/rest.php/:path*", "/api/trpc/:path*"] };
