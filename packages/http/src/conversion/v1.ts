import type { HandlerDeps } from "../deps.js";
import { RestError } from "../errors.js";
import { parseBody } from "../request-body.js";
import type { RestRouter } from "../rest/router.js";
import { flag, positiveInt, tooLarge, validate } from "./params.js";
import { renderHtmlToWikitext, renderWikitext, respondRendered, revisionEtag } from "./render.js";
import { conversionDeadline, DEFAULT_CONVERSION_LIMITS, type ConversionLimits } from "./routes.js";
import { engineEnv, latestRevision, pageRevision, parsePathTitle, wikiSource, type WikiSource } from "./wiki-source.js";

/** Every answer of the old interface says it is deprecated. */
const DEPRECATED = { deprecation: "true", warning: '299 - "Deprecated API: use /{domain}/v3/"' };

function withDeprecation(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(DEPRECATED)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The deprecated v1 interface, `/{prefix}/{page}` with the wiki's short id: GET renders a
 * revision (redirecting to `?oldid=latest` when none is given), POST converts `wt` to HTML.
 * Registered after the v3 routes so that their longer paths win.
 */
export function registerConversionV1Routes(router: RestRouter, deps: HandlerDeps, limits: ConversionLimits = DEFAULT_CONVERSION_LIMITS): void {
  async function wikiFor(prefix: string): Promise<WikiSource> {
    const wiki = await deps.store.wikis.byPrefix(prefix);
    if (!wiki) throw new RestError(404, "rest-no-match", "The requested relative path did not match any known handler.");
    return wikiSource(deps.store, wiki);
  }

  router.add("GET", "/{prefix}/{page+}", async (request, params) => {
    const deadline = conversionDeadline(limits);
    const source = await wikiFor(params.prefix!);
    const title = parsePathTitle(source, params.page!);
    const url = new URL(request.url);
    const oldid = url.searchParams.get("oldid");
    if (oldid === null || oldid === "") {
      const latest = await latestRevision(source, title);
      url.searchParams.set("oldid", String(latest.revid));
      return withDeprecation(new Response(null, { status: 302, headers: { location: `${url.pathname}${url.search}` } }));
    }
    const revision = await pageRevision(source, title, positiveInt("oldid", oldid));
    const rendered = await renderWikitext(revision.text, engineEnv(source, title, revision.revid, deadline), "html", false);
    return withDeprecation(respondRendered(request, rendered, revisionEtag(revision.revid, rendered.body)));
  });

  router.add("POST", "/{prefix}/{page+}", async (request, params) => {
    const deadline = conversionDeadline(limits);
    const source = await wikiFor(params.prefix!);
    const title = parsePathTitle(source, params.page!);
    const body = await parseBody(request, limits.maxHtmlBytes * 2);
    const fields = body.fields;
    if (typeof fields.wt === "string") {
      const wikitext = fields.wt;
      if (new TextEncoder().encode(wikitext).byteLength > limits.maxWikitextBytes) throw tooLarge("wikitext", limits.maxWikitextBytes);
      const bodyOnly = fields.body === undefined ? false : validate(flag, fields.body);
      const rendered = await renderWikitext(wikitext, engineEnv(source, title, undefined, deadline), "html", bodyOnly);
      return withDeprecation(respondRendered(request, rendered));
    }
    if (typeof fields.html === "string") {
      const html = fields.html;
      if (new TextEncoder().encode(html).byteLength > limits.maxHtmlBytes) throw tooLarge("HTML", limits.maxHtmlBytes);
      const oldid = typeof fields.oldid === "string" && fields.oldid !== "" ? positiveInt("oldid", fields.oldid) : undefined;
      // With the revision the HTML came from, only the edited parts are written anew.
      const original = oldid !== undefined ? { wikitext: (await pageRevision(source, title, oldid)).text } : undefined;
      const rendered = await renderHtmlToWikitext({ html, scrubWikitext: false, original }, engineEnv(source, title, oldid, deadline));
      return withDeprecation(respondRendered(request, rendered));
    }
    throw new RestError(400, "rest-missing-body-field", 'The request needs a "wt" (wikitext) or "html" field.', {
      error: "parameter-validation-failed",
      name: "wt",
      value: null,
      failureCode: "missingparam",
      failureData: null,
    });
  });
}
