import type { LintOffsetType, Title } from "@wikiloom/wikitext";
import type { HandlerDeps } from "../deps.js";
import { parameterError, RestError } from "../errors.js";
import { parseBody } from "../request-body.js";
import type { RestRouter } from "../rest/router.js";
import { INPUT_FORMATS, PAGEBUNDLE_CONTENT_TYPE, type InputFormat } from "./formats.js";
import { applyPageBundleUpdates } from "./updates.js";
import { negotiateHtmlProfile } from "./negotiation.js";
import { requestedVariant } from "./variant-negotiation.js";
import { oneOf, positiveInt, tooLarge, transformBodySchema, unflattenFormFields, validate, flag, type TransformBody } from "./params.js";
import { LINT_OFFSET_TYPES, renderHtmlToWikitext, renderLint, renderWikitext, respondRendered, revisionEtag, wikitextResponseBody, type HtmlInput } from "./render.js";
import type { RemoteWikis } from "./remote-wiki.js";
import { engineEnv, hostedWikiSource, latestRevision, pageRevision, parsePathTitle, type WikiSource } from "./wiki-source.js";

export interface ConversionLimits {
  /** Largest wikitext accepted for conversion, in UTF-8 bytes. */
  maxWikitextBytes: number;
  /** Largest HTML accepted for conversion, in UTF-8 bytes. */
  maxHtmlBytes: number;
  /** Wall-time budget of one conversion, in milliseconds (413 when exceeded); 60 s by default. */
  maxConversionMs?: number;
}

export interface ConversionOptions {
  limits?: ConversionLimits;
  /** Allow-listed remote MediaWiki wikis served through their action API. */
  remoteWikis?: RemoteWikis;
}

export const DEFAULT_CONVERSION_LIMITS: ConversionLimits = {
  maxWikitextBytes: 2 * 1024 * 1024,
  maxHtmlBytes: 10 * 1024 * 1024,
  maxConversionMs: 60_000,
};

/** When a conversion starting now must be done by. */
export function conversionDeadline(limits: ConversionLimits): number {
  return Date.now() + (limits.maxConversionMs ?? DEFAULT_CONVERSION_LIMITS.maxConversionMs!);
}

function missingField(name: string): RestError {
  return parameterError(name, null, "missingparam", `The "${name}" field is required.`);
}

/**
 * What selective serialization starts from: the original wikitext (given, or fetched by
 * revision) with the original HTML and parse data when the client kept them.
 */
async function originalForSelser(
  source: WikiSource,
  title: Title | null,
  revid: number | undefined,
  body: TransformBody,
): Promise<HtmlInput["original"]> {
  const given = body.original;
  let wikitext = given?.wikitext;
  if (wikitext === undefined && revid !== undefined) {
    if (!title) throw new RestError(400, "rest-missing-title", "A revision was given without the title of its page.");
    wikitext = (await pageRevision(source, title, revid)).text;
  }
  if (wikitext === undefined) return undefined;
  const dataParser = given?.["data-parser"] ?? given?.["data-parsoid"];
  return { wikitext, ...(given?.html !== undefined ? { html: given.html } : {}), ...(dataParser ? { dataParser } : {}) };
}

const PAGE_FORMATS = ["html", "pagebundle", "wikitext", "lint"] as const;
const TRANSFORM_TARGETS = ["html", "pagebundle", "lint"] as const;

/** `offsetType` (query or body) of lint requests: byte, ucs2 (UTF-16, the default) or char. */
function lintOffsetType(value: unknown): LintOffsetType {
  if (value === undefined || value === null || value === "") return "ucs2";
  return oneOf("offsetType", String(value), LINT_OFFSET_TYPES);
}

const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

/** Titles in generated paths: percent-encoded ("/" too, since it separates path segments), ":" kept readable. */
export function pathTitle(title: Title): string {
  return encodeURIComponent(title.prefixedDbKey).replace(/%3A/gi, ":");
}

function redirect(status: 302 | 307, location: string): Response {
  return new Response(null, { status, headers: { location, "cache-control": "no-cache" } });
}

/**
 * The v3 conversion routes (Parsoid's REST API) under /w/rest.php/{domain}/v3/.
 */
export function registerConversionRoutes(router: RestRouter, deps: HandlerDeps, options: ConversionOptions = {}): void {
  const limits = options.limits ?? DEFAULT_CONVERSION_LIMITS;

  /** Hosted wikis by domain, then allow-listed remote ones; any other domain is refused. */
  async function wikiFor(domain: string, request: Request): Promise<WikiSource> {
    const hosted = await hostedWikiSource(deps.store, domain);
    if (hosted) return hosted;
    if (options.remoteWikis?.has(domain)) {
      return options.remoteWikis.source(domain, { cookie: request.headers.get("cookie"), requestId: request.headers.get("x-request-id") });
    }
    throw new RestError(400, "rest-unknown-domain", `The domain "${domain}" is not a wiki served here.`, { domain });
  }

  function checkWikitextSize(text: string): void {
    if (utf8Length(text) > limits.maxWikitextBytes) throw tooLarge("wikitext", limits.maxWikitextBytes);
  }

  router.add("GET", "/{domain}/v3/page/{format}/{title}/{revision?}", async (request, params) => {
    const deadline = conversionDeadline(limits);
    const format = oneOf("format", params.format!, PAGE_FORMATS);
    const source = await wikiFor(params.domain!, request);
    const title = parsePathTitle(source, params.title!);
    const url = new URL(request.url);
    if (params.revision === undefined) {
      const latest = await latestRevision(source, title);
      return redirect(302, `${url.pathname.replace(/\/+$/, "")}/${latest.revid}${url.search}`);
    }
    const revision = await pageRevision(source, title, positiveInt("revision", params.revision));
    if (format === "wikitext") {
      const rendered = wikitextResponseBody(revision.text);
      return respondRendered(request, rendered, revisionEtag(revision.revid, rendered.body));
    }
    if (format === "lint") {
      checkWikitextSize(revision.text);
      const offsetType = lintOffsetType(url.searchParams.get("offsetType"));
      const rendered = await renderLint(revision.text, engineEnv(source, title, revision.revid, deadline), offsetType);
      return respondRendered(request, rendered, revisionEtag(revision.revid, rendered.body));
    }
    negotiateHtmlProfile(request.headers.get("accept"), format);
    checkWikitextSize(revision.text);
    const bodyOnly = validate(flag.optional(), url.searchParams.get("body_only") ?? undefined) ?? false;
    const rendered = await renderWikitext(revision.text, engineEnv(source, title, revision.revid, deadline), format, bodyOnly, requestedVariant(request, source.site));
    return respondRendered(request, rendered, revisionEtag(revision.revid, rendered.body));
  });

  router.add("POST", "/{domain}/v3/transform/{from}/to/{format}/{title?}/{revision?}", async (request, params) => {
    const deadline = conversionDeadline(limits);
    const from: InputFormat = oneOf("from", params.from!, INPUT_FORMATS);
    const source = await wikiFor(params.domain!, request);
    const parsed = await parseBody(request, Math.max(limits.maxHtmlBytes, limits.maxWikitextBytes) * 2);
    const body = validate(transformBodySchema, parsed.kind === "json" ? parsed.fields : unflattenFormFields(parsed.fields));
    const titleText = params.title ?? body.original?.title;
    const title = titleText !== undefined ? parsePathTitle(source, titleText) : null;
    const revid = params.revision !== undefined ? positiveInt("revision", params.revision) : body.original?.revid;

    if (from === "wikitext" && params.format === "lint") {
      const offsetType = lintOffsetType(body.offsetType ?? new URL(request.url).searchParams.get("offsetType"));
      let wikitext = body.wikitext;
      if (wikitext === undefined) {
        if (!title) throw new RestError(400, "rest-missing-wikitext", "No wikitext was given, and no title to fetch it from.");
        if (revid === undefined) {
          // The client follows this to lint the latest revision (307 keeps the method and body).
          const latest = await latestRevision(source, title);
          const url = new URL(request.url);
          const base = url.pathname.replace(/\/+$/, "").replace(/\/to\/lint(\/.*)?$/, "/to/lint");
          return redirect(307, `${base}/${pathTitle(title)}/${latest.revid}${url.search}`);
        }
        wikitext = (await pageRevision(source, title, revid)).text;
      }
      checkWikitextSize(wikitext);
      return respondRendered(request, await renderLint(wikitext, engineEnv(source, title, revid, deadline), offsetType));
    }
    if (from === "wikitext") {
      const format = oneOf("format", params.format!, TRANSFORM_TARGETS) as "html" | "pagebundle";
      negotiateHtmlProfile(request.headers.get("accept"), format);
      let wikitext = body.wikitext;
      let renderRevid = revid;
      if (wikitext === undefined) {
        if (!title) {
          throw new RestError(400, "rest-missing-wikitext", "No wikitext was given, and no title to fetch it from.");
        }
        const revision = revid !== undefined ? await pageRevision(source, title, revid) : await latestRevision(source, title);
        wikitext = revision.text;
        renderRevid = revision.revid;
      }
      checkWikitextSize(wikitext);
      const rendered = await renderWikitext(wikitext, engineEnv(source, title, renderRevid, deadline), format, body.body_only ?? false, requestedVariant(request, source.site));
      return respondRendered(request, rendered);
    }
    if (from === "pagebundle" && params.format === "pagebundle") {
      const bundle = await applyPageBundleUpdates(source, engineEnv(source, title, revid, deadline), revid, body, async (id) => {
        if (!title) throw new RestError(400, "rest-missing-title", "A revision was given without the title of its page.");
        return (await pageRevision(source, title, id)).text;
      });
      return new Response(JSON.stringify(bundle), { headers: { "content-type": PAGEBUNDLE_CONTENT_TYPE } });
    }
    oneOf("format", params.format!, ["wikitext"] as const);
    if (body.html === undefined) throw missingField("html");
    if (utf8Length(body.html) > limits.maxHtmlBytes) throw tooLarge("HTML", limits.maxHtmlBytes);
    const original = await originalForSelser(source, title, revid, body);
    const rendered = await renderHtmlToWikitext(
      {
        html: body.html,
        dataParser: body["data-parser"] ?? body["data-parsoid"],
        scrubWikitext: body.scrub_wikitext ?? false,
        original,
      },
      engineEnv(source, title, revid, deadline),
    );
    return respondRendered(request, rendered);
  });
}
