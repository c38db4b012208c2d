// LanguageConverter markup (`-{…}-`) in Parsoid's HTML: an element with
// `typeof="mw:LanguageVariant"` whose `data-mw-variant` JSON says what the markup was (disabled
// conversion, a variant filter, a name, two-way or one-way rules), written back as the markup.
// The texts in it are HTML; the flags as written come from the parse data (`fl`).
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import type { NodeHandler } from "./types.js";
import { parseJsonObject } from "../node-data.js";

interface VariantText {
  t?: string;
}
interface VariantData {
  disabled?: VariantText;
  name?: VariantText;
  filter?: VariantText & { l?: string[] };
  describe?: boolean;
  twoway?: Array<{ l: string; t: string }>;
  oneway?: Array<{ f: string; l: string; t: string }>;
}

function variantData(el: WElement): VariantData | null {
  return parseJsonObject(el.getAttribute("data-mw-variant")) as VariantData | null;
}

/** The markup's text: HTML written as wikitext. */
function text(html: string | undefined, s: Serializer): string {
  return html ? s.serializeFragment(html) : "";
}

function writtenFlags(el: WElement): string[] | null {
  const flags = el.dp?.["fl"];
  return Array.isArray(flags) && flags.every((f) => typeof f === "string") ? (flags as string[]) : null;
}

/** `-{flags|body}-` for one element's variant data; null when the data says nothing usable. */
export function languageVariantMarkup(el: WElement, s: Serializer): string | null {
  const data = variantData(el);
  if (data === null) return null;
  let flags = writtenFlags(el);
  let body: string;
  if (data.disabled) {
    body = text(data.disabled.t, s);
    flags ??= [];
  } else if (data.name) {
    body = text(data.name.t, s);
    flags ??= ["N"];
  } else if (data.filter) {
    body = text(data.filter.t, s);
    flags ??= data.filter.l ?? [];
  } else if (data.twoway) {
    body = data.twoway.map((rule) => `${rule.l}:${text(rule.t, s)}`).join(";");
    flags ??= data.describe ? ["D"] : [];
  } else if (data.oneway) {
    body = data.oneway.map((rule) => `${text(rule.f, s)}=>${rule.l}:${text(rule.t, s)}`).join(";");
    flags ??= data.describe ? ["D"] : [];
  } else {
    return null;
  }
  return `-{${flags.length > 0 ? `${flags.join(";")}|` : ""}${body}}-`;
}

export const languageVariantHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    const markup = languageVariantMarkup(el, s);
    if (markup !== null) s.emit(markup);
    else s.serializeChildren(el);
  },
};
