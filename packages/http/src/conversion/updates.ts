import { updateMedia, updateRedLinks, updateVariant, variantConverter, wt2html, type Env } from "@wikiloom/wikitext";
import { parameterError, RestError } from "../errors.js";
import type { TransformBody } from "./params.js";
import type { WikiSource } from "./wiki-source.js";
import { pageBundle, type PageBundle } from "./formats.js";

const KNOWN_UPDATES = ["redlinks", "transclusions", "media", "variant"] as const;

type DataParser = { counter: number; ids: Record<string, unknown> };

/** Where a `transclusions` update gets the page's source: the body, or the revision. */
export type RevisionSource = (revid: number) => Promise<string>;

/**
 * Page bundle → page bundle: applies the requested `updates` to the original bundle.
 * - `transclusions`: the revision's source is rendered again, so every template expands with
 *   its current version (and media and link classes come out current too);
 * - `media`: images, audio and video are refreshed from current file info in place;
 * - `redlinks`: link classes are recomputed against current page existence;
 * - `variant` (`{"target": "sr-el"}`, `source` optional): the HTML in that language variant of
 *   the wiki (text converted, language-variant markup showing the target's text), last of all;
 *   400 when the wiki has no such variant or no converter to it is offered.
 */
export async function applyPageBundleUpdates(
  source: WikiSource,
  env: Env,
  revid: number | undefined,
  body: TransformBody,
  revisionSource: RevisionSource,
): Promise<PageBundle> {
  const requested = requestedUpdates(body);
  let html = body.original?.html ?? body.html;
  let dataParser: DataParser = normaliseDataParser(
    body.original?.["data-parser"] ?? body.original?.["data-parsoid"] ?? body["data-parser"] ?? body["data-parsoid"],
  );

  const variant = requested.includes("variant") ? variantTarget(source, body.updates?.["variant"]) : null;
  if (requested.includes("transclusions")) {
    const wikitext = body.original?.wikitext ?? (revid !== undefined ? await revisionSource(revid) : undefined);
    if (wikitext === undefined) {
      throw parameterError("original.revid", null, "missingparam", "The transclusions update needs the revision (path or original.revid) or original.wikitext.");
    }
    const rendered = await wt2html(wikitext, env, { inlineDataParser: false, wrapSections: true });
    html = rendered.html;
    dataParser = rendered.dataParser;
  }
  if (html === undefined) throw parameterError("original.html", null, "missingparam", "The original page bundle's html is required.");
  // A fresh rendering already used current file info.
  if (requested.includes("media") && !requested.includes("transclusions")) {
    ({ html, dataParser } = await updateMedia(html, dataParser, env));
  }
  if (requested.includes("redlinks")) html = await updateRedLinks(html, env.data, env.page.title);
  if (variant !== null) html = updateVariant(html, source.site, variant);
  return pageBundle(html, dataParser, variant ?? undefined);
}

/** The names of the updates asked for (`{media: true}`, `{redlinks: {}}`...), each one known. */
function requestedUpdates(body: TransformBody): string[] {
  const updates = body.updates ?? {};
  const requested = Object.keys(updates).filter((key) => updates[key] !== false && updates[key] !== null);
  if (requested.length === 0) {
    throw parameterError("updates", body.updates ?? null, "missingparam", `Name at least one update: ${KNOWN_UPDATES.join(", ")}.`);
  }
  for (const key of requested) {
    if (!(KNOWN_UPDATES as readonly string[]).includes(key)) {
      throw parameterError("updates", key, "badvalue", `Unknown update "${key}"; known: ${KNOWN_UPDATES.join(", ")}.`);
    }
  }
  return requested;
}

function normaliseDataParser(value: { counter?: number | undefined; ids: Record<string, unknown> } | undefined): DataParser {
  return { counter: value?.counter ?? -1, ids: value?.ids ?? {} };
}

/** The variant a `variant` update asks for, checked against what the wiki offers. */
function variantTarget(source: WikiSource, update: unknown): string {
  const target = typeof update === "object" && update !== null ? (update as { target?: unknown }).target : undefined;
  if (typeof target !== "string" || target === "") {
    throw parameterError("updates.variant.target", null, "missingparam", 'The variant update needs a target variant ({"target": "sr-el"}).');
  }
  if (variantConverter(source.site, target)) return target;
  const lang = source.site.lang;
  const variants = source.site.info.languagevariants?.[lang];
  if (!variants || Object.keys(variants).length === 0) {
    throw new RestError(400, "rest-variant-unsupported", `The wiki's language (${lang}) has no variants to convert to.`, { lang });
  }
  throw new RestError(400, "rest-variant-unsupported", `Conversion of ${lang} to the variant ${target} is not supported by this service.`, { lang, target });
}
