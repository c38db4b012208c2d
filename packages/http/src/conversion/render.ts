import { createHash } from "node:crypto";
import { html2wt, lint, wt2html, type Env, type LintOffsetType } from "@wikiloom/wikitext";
import { HTML_CONTENT_TYPE, PAGEBUNDLE_CONTENT_TYPE, pageBundle, WIKITEXT_CONTENT_TYPE } from "./formats.js";

export interface Rendered {
  body: string;
  contentType: string;
  /** The content's language: the wiki's, or the variant it was converted to. */
  contentLanguage?: string;
  /** The response depends on Accept-Language (the wiki's language has variants). */
  variesByLanguage?: boolean;
}

/**
 * wikitext → HTML document (or body), or a page bundle with the parse data split out; in the
 * language variant `variant` when given (one the wiki converts to, see variant-negotiation.ts).
 */
export async function renderWikitext(source: string, env: Env, format: "html" | "pagebundle", bodyOnly: boolean, variant?: string): Promise<Rendered> {
  const language = { contentLanguage: variant ?? env.site.lang, variesByLanguage: env.site.hasLanguageVariants };
  const converted = variant !== undefined ? { variant } : {};
  // The service wraps sections (<section data-mw-section-id>) as Parsoid's REST output does.
  if (format === "html") {
    const { html } = await wt2html(source, env, { bodyOnly, wrapSections: true, ...converted });
    return { body: html, contentType: HTML_CONTENT_TYPE, ...language };
  }
  const { html, dataParser } = await wt2html(source, env, { bodyOnly, inlineDataParser: false, wrapSections: true, ...converted });
  return { body: JSON.stringify(pageBundle(html, dataParser, variant)), contentType: PAGEBUNDLE_CONTENT_TYPE, ...language };
}

export function wikitextResponseBody(source: string): Rendered {
  return { body: source, contentType: WIKITEXT_CONTENT_TYPE };
}

/** A strong validator for a revision's rendering: the revision plus a digest of the bytes. */
export function revisionEtag(revid: number, body: string): string {
  return `"${revid}/${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`;
}

export function respondRendered(request: Request, rendered: Rendered, etag?: string, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers({ "content-type": rendered.contentType, "content-language": rendered.contentLanguage ?? "en", ...extraHeaders });
  if (rendered.variesByLanguage) headers.set("vary", "Accept-Language");
  if (etag) {
    headers.set("etag", etag);
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").map((t) => t.trim()).includes(etag)) {
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(rendered.body, { status: 200, headers });
}

export interface HtmlInput {
  html: string;
  /** Parse data of the edited HTML when it comes as a page bundle. */
  dataParser?: { counter?: number; ids: Record<string, unknown> };
  scrubWikitext: boolean;
  /** The original revision's source (and optionally its HTML and parse data): selective serialization. */
  original?: { wikitext: string; html?: string; dataParser?: { counter?: number; ids: Record<string, unknown> } };
}

/** HTML (or a page bundle) → wikitext; selective when the original is known. */
export async function renderHtmlToWikitext(input: HtmlInput, env: Env): Promise<Rendered> {
  const wikitext = await html2wt(input.html, env, {
    scrubWikitext: input.scrubWikitext,
    ...(input.dataParser ? { dataParser: input.dataParser } : {}),
    ...(input.original ? { original: input.original } : {}),
  });
  return { body: wikitext, contentType: WIKITEXT_CONTENT_TYPE };
}

export const LINT_OFFSET_TYPES: readonly LintOffsetType[] = ["ucs2", "byte", "char"];

/** Lint items of a wikitext, offsets in the requested unit (UTF-16 by default). */
export async function renderLint(source: string, env: Env, offsetType: LintOffsetType): Promise<Rendered> {
  const items = await lint(source, env, { offsetType });
  return { body: JSON.stringify(items), contentType: "application/json; charset=utf-8" };
}
