// Language variants asked for with Accept-Language (Parsoid's REST API converts HTML to the
// reader's variant): the first language range, by quality, that names a variant this wiki can
// be converted to. The header is a preference: anything else gets the page as written.
import { variantConverter, type SiteConfig } from "@wikiloom/wikitext";

/** Language ranges of an Accept-Language header, best first (equal qualities keep their order). */
function languageRanges(header: string): string[] {
  const ranges: Array<{ tag: string; q: number; at: number }> = [];
  header.split(",").forEach((part, at) => {
    const [tag, ...params] = part.trim().split(";");
    if (!tag) return;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (Number.isFinite(quality) && quality > 0) ranges.push({ tag: tag.trim(), q: quality, at });
  });
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/** The variant to convert to, or undefined for the page as written (no header, no variant offered, or the wiki's own language first). */
export function requestedVariant(request: Request, site: SiteConfig): string | undefined {
  const header = request.headers.get("accept-language");
  if (!header || !site.hasLanguageVariants) return undefined;
  for (const tag of languageRanges(header)) {
    if (tag === "*") return undefined;
    const converter = variantConverter(site, tag);
    if (converter) return converter.code === site.lang ? undefined : tag;
  }
  return undefined;
}
