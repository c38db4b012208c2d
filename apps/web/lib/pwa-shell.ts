import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * `/` answers the PWA's shell, which the client build (packages/client/scripts/build.mjs) writes
 * to public/index.html. Read per request, so a rebuilt client is served without a Next rebuild;
 * no-cache, so the browser revalidates it (the service worker precaches its own copy).
 */
export async function GET(): Promise<Response> {
  try {
    const html = await readFile(path.join(process.cwd(), "public/index.html"));
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
  } catch {
    return new Response("The web app is not built: run `npm run client:build`.", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
