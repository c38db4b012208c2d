// Next.js decodes the path of the catch-all REST route before any handler runs, and answers a
// path that is not valid percent-encoded UTF-8 (`%FF`, `%C0%AF`, a cut-off `%E0%A4%A`) with a
// bare 500. Such paths are the client's mistake: refuse them here, with MediaWiki's REST error
// body, as the platform's own router does for the requests that reach it.
import { NextResponse } from "next/server";

const REST_PREFIX = "/w/rest.php/";

function validlyEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: Request): Response {
  const pathname = new URL(request.url).pathname;
  // Everything else goes on to the route handlers untouched (a proxy that returns nothing would
  // answer an empty 200 instead).
  if (!pathname.startsWith(REST_PREFIX) || validlyEncoded(pathname)) return NextResponse.next();
  const body = {
    errorKey: "rest-bad-path",
    messageTranslations: { en: "The request path is not correctly percent-encoded." },
    httpCode: 400,
    httpReason: "Bad Request",
  };
  return new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json; charset=utf-8", "content-language": "en" } });
}

export const config = { matcher: "/w/rest.php/:path*" };
