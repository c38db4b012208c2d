import { updateRedLinks } from "@wikiloom/wikitext";
import { parameterError, RestError } from "../errors.js";
import type { TransformBody } from "./params.js";
import type { WikiSource } from "./wiki-source.js";
import { pageBundle, type PageBundle } from "./formats.js";

const KNOWN_UPDATES = ["redlinks", "transclusions", "media", "variant"] as const;

/**
 * Page bundle → page bundle: applies the requested `updates` to the original bundle's HTML.
 * `redlinks` recomputes link classes against current page existence. Language variant
 * conversion needs a wiki language with variants. Each refusal is a clear 4xx.
 */
export async function applyPageBundleUpdates(source: WikiSource, pageTitle: string, body: TransformBody): Promise<PageBundle> {
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
  let html = body.original?.html ?? body.html;
  if (html === undefined) throw parameterError("original.html", null, "missingparam", "The original page bundle's html is required.");
  const dataParser = body.original?.["data-parser"] ?? body.original?.["data-parsoid"] ?? body["data-parser"] ?? body["data-parsoid"];

  for (const update of requested) {
    if (update === "redlinks") html = await updateRedLinks(html, source.data, pageTitle);
    else if (update === "variant") refuseVariant(source);
    else {
      throw new RestError(400, "rest-update-unsupported", `The "${update}" update is not supported by this service yet; re-render the page instead.`, { update });
    }
  }
  return pageBundle(html, { counter: dataParser?.counter ?? -1, ids: dataParser?.ids ?? {} });
}

function refuseVariant(source: WikiSource): never {
  const lang = source.site.lang;
  const variants = source.site.info.languagevariants?.[lang];
  if (!variants || Object.keys(variants).length === 0) {
    throw new RestError(400, "rest-variant-unsupported", `The wiki's language (${lang}) has no variants to convert to.`, { lang });
  }
  throw new RestError(400, "rest-variant-unsupported", `Language variant conversion for ${lang} is not supported by this service.`, { lang });
}
