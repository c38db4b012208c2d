// Turning an XSS vector into the HTML a reader's browser would get, and the structural checks on
// that HTML (no script elements, handlers, script URLs or dangerous CSS), independent of what a
// particular browser happens to execute.
import { parseFragment, type DefaultTreeAdapterTypes as T } from "parse5";
import { html2wt, wt2html } from "@wikiloom/wikitext";
import { fuzzEnv } from "../fuzz/env.js";
import { EXFIL_HOST, type XssVector } from "./xss-vectors.js";

export interface RenderedVector {
  vector: XssVector;
  /** The wikitext that was converted (for the HTML route: what html2wt made of the input). */
  wikitext: string;
  html: string;
}

/** Runs a vector through its route into body HTML (with inline parse data, as the API serves). */
export async function renderVector(vector: XssVector): Promise<RenderedVector> {
  const env = fuzzEnv(vector.pages ?? [], "Xss test");
  const wikitext = vector.route === "html" ? await html2wt(vector.input, env) : vector.input;
  const { html } = await wt2html(wikitext, env, { bodyOnly: true });
  return { vector, wikitext, html };
}

/** Elements that run or load active content, or change where the document's URLs point. */
const FORBIDDEN_ELEMENTS = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "input", "button", "textarea", "select", "svg", "math", "video", "audio", "source", "template", "noscript", "marquee", "details"]);

const URL_ATTRIBUTES = new Set(["href", "src", "cite", "action", "formaction", "data", "background", "poster", "longdesc", "usemap", "itemtype", "itemid", "xlink:href", "srcset", "content"]);

/** The scheme a browser would see: control characters and whitespace inside it are ignored. */
function urlScheme(value: string): string {
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, "");
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase() ?? "";
}

/** CSS as a browser tokenises it: escapes decoded, comments removed, fullwidth forms folded. */
function normalizeCss(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd))
    .replace(/\\(.)/g, "$1")
    .normalize("NFKC")
    .toLowerCase();
}

const DANGEROUS_CSS = /expression\s*\(|url\s*\(|image-set\s*\(|image\s*\(|@import|behavior\s*:|-moz-binding|javascript:|vbscript:/;

/** Every structural problem in `html` (empty when it is safe to show). */
export function structuralProblems(html: string): string[] {
  const problems: string[] = [];
  const walk = (node: T.ChildNode | T.DocumentFragment): void => {
    if ("tagName" in node) {
      const tag = node.tagName;
      if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`<${tag}> element`);
      if (tag === "meta" && node.attrs.some((a) => a.name === "http-equiv")) problems.push("<meta http-equiv>");
      if (tag === "link" && node.attrs.some((a) => a.name === "rel" && /stylesheet|import|preload/i.test(a.value))) problems.push("<link> loading a resource");
      if (tag === "style") {
        const css = node.childNodes.map((c) => ("value" in c ? c.value : "")).join("");
        if (DANGEROUS_CSS.test(normalizeCss(css))) problems.push(`<style> with ${JSON.stringify(css.slice(0, 80))}`);
      }
      for (const a of node.attrs) {
        const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
        if (/^on/i.test(a.name)) problems.push(`<${tag} ${name}>`);
        if (URL_ATTRIBUTES.has(name) && ["javascript", "vbscript", "data", "livescript"].includes(urlScheme(a.value))) problems.push(`<${tag} ${name}=${JSON.stringify(a.value.slice(0, 80))}>`);
        if (name === "style" && DANGEROUS_CSS.test(normalizeCss(a.value))) problems.push(`<${tag} style=${JSON.stringify(a.value.slice(0, 80))}>`);
        if (a.value.includes(EXFIL_HOST) && (name === "src" || name === "srcset" || name === "style")) problems.push(`<${tag} ${name}> loads from ${EXFIL_HOST}`);
      }
    }
    if ("content" in node && node.content) walk(node.content);
    if ("childNodes" in node) for (const c of node.childNodes) walk(c);
  };
  walk(parseFragment(html));
  return problems;
}
