// HTML → wikitext. The HTML (ours or another editor's) is parsed into the engine's DOM, its
// per-node data attached, normalised, and serialized by one handler per node kind. With the
// original wikitext (and optionally its HTML and parse data) the serialization is selective:
// nodes that did not change give back their original source.
import type { Env } from "../engine-env.js";
import { wt2html } from "../wt2html.js";
import { attachNodeData, DataReuse, type PageBundleData } from "./node-data.js";
import { normalizeDom } from "./normalize.js";
import { parseHtmlBody, parseHtmlFragment } from "./parse-html.js";
import { Serializer, type FragmentSerializer, type TextContext } from "./serializer.js";
import { prepareSelser } from "./selser/selser.js";
import type { WElement, WNode } from "../dom/node.js";
import { checkDeadline } from "../limits.js";
import { stripUnneededQuoteNowikis, wroteQuoteNowikis } from "./quote-nowikis.js";
import { enabledExtensionTagSet } from "../ext/registry.js";

export interface OriginalContent {
  wikitext: string;
  html?: string;
  dataParser?: { counter?: number; ids: Record<string, unknown> };
}

export interface Html2WtOptions {
  scrubWikitext?: boolean;
  /** The original the HTML was derived from: enables selective serialization. */
  original?: OriginalContent;
  /**
   * The revision the HTML was derived from, when its wikitext is not at hand: the source is
   * fetched through the environment's data access (and its HTML regenerated).
   */
  originalRevision?: number;
  /** Page-bundle parse data of the edited HTML (keyed by node id). */
  dataParser?: PageBundleData;
}

/** Parses HTML into a body with its per-node data attached. */
export function htmlToDom(html: string, bundle?: PageBundleData, dataReuse?: DataReuse): WElement {
  const body = parseHtmlBody(html);
  attachNodeData(body, bundle, dataReuse);
  return body;
}

/** Parses an HTML fragment in the context of a `contextName` element, data attached. */
export function htmlToNodes(html: string, contextName: string): WNode[] {
  const holder = parseHtmlFragment(html, contextName);
  attachNodeData(holder);
  return [...holder.children];
}

/**
 * Serializes an already prepared DOM (no original: every node is written anew), optionally as
 * text of a given context (a caption is link text).
 */
export function serializeDom(body: WElement, env: Env, context: Partial<TextContext> = {}): string {
  const s = new Serializer(env, null, fragmentSerializer(env));
  if (context.continuesLine) s.continueLine();
  s.withContext(context, () => s.serializeChildren(body));
  return finalOutput(s, env);
}

/** The serializer's output, with the apostrophe guards its lines turned out not to need removed. */
function finalOutput(s: Serializer, env: Env): string {
  const out = s.result();
  if (!wroteQuoteNowikis(s)) return out;
  return stripUnneededQuoteNowikis(out, enabledExtensionTagSet(env.site));
}

/** HTML kept in data-mw (captions, extension bodies) → wikitext. */
function fragmentSerializer(env: Env): FragmentSerializer {
  return (html, context) => serializeDom(htmlToDom(html), env, context);
}

/** The original for selective serialization: as given, or fetched by revision id. */
async function resolveOriginal(env: Env, options: Html2WtOptions): Promise<OriginalContent | undefined> {
  if (options.original) return options.original;
  if (options.originalRevision === undefined) return undefined;
  const source = await env.data.getPageSource(env.page.title, options.originalRevision);
  // An unknown revision leaves nothing to compare with: every node is serialized anew.
  return source ? { wikitext: source.source } : undefined;
}

export async function html2wt(html: string, env: Env, options: Html2WtOptions = {}): Promise<string> {
  const original = await resolveOriginal(env, options);
  // The very HTML the original produced (and no other parse data): nothing was edited.
  if (original?.html !== undefined && original.html === html && options.dataParser === undefined && !options.scrubWikitext) return original.wikitext;
  if (!original) {
    const body = htmlToDom(html, options.dataParser);
    normalizeDom(body, { scrub: options.scrubWikitext ?? false });
    checkDeadline(env);
    return serializeDom(body, env);
  }

  // The original first: the edited HTML repeats most of its data attributes, parsed only once.
  const dataReuse = new DataReuse();
  const originalHtml = original.html ?? (await wt2html(original.wikitext, env, { bodyOnly: true })).html;
  const originalBody = htmlToDom(originalHtml, original.html !== undefined ? original.dataParser : undefined, dataReuse);
  normalizeDom(originalBody, { scrub: false });
  dataReuse.finishRecording();
  const body = htmlToDom(html, options.dataParser, dataReuse);
  normalizeDom(body, { scrub: options.scrubWikitext ?? false });
  checkDeadline(env);
  const reuse = prepareSelser(originalBody, body, original.wikitext);
  const s = new Serializer(env, reuse, fragmentSerializer(env));
  reuse.serializeBody(body, s);
  return finalOutput(s, env);
}

export { Serializer } from "./serializer.js";
export { escapeText } from "./escape.js";
export { attachNodeData, type PageBundleData } from "./node-data.js";
export { parseHtmlBody, parseHtmlFragment } from "./parse-html.js";
export { normalizeDom, type NormalizeOptions } from "./normalize.js";
