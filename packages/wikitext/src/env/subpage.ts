// Subpage link targets (`[[/x]]`, `[[/x/]]`, `[[../x]]`, `[[../]]`): resolved against the page,
// in namespaces that have subpages. Shared by the link grammar (what a link points at and shows)
// and html2wt (whether a link's text is what the parser would show for its target).
import type { SiteConfig } from "./site-config.js";
import { Title } from "./title.js";

export interface SubpageTarget {
  /** The absolute prefixed title text the target names. */
  resolved: string;
  /** The target without its "../" steps and trailing slashes ("/x" keeps its leading slash). */
  rest: string;
  /** Whether the target ended with "/" (then the link shows `rest` instead of the target). */
  trailing: boolean;
  /** "/x" names a child of the page, "../x" a page relative to one of its ancestors. */
  kind: "child" | "ancestor";
}

/**
 * The subpage a target names; null when the target is no subpage syntax or the page's namespace
 * has no subpages; "above-root" when `../` climbs past the first path segment.
 */
export function resolveSubpageTarget(target: string, site: SiteConfig, pageTitle: string): SubpageTarget | "above-root" | null {
  if (!target.startsWith("/") && !target.startsWith("../")) return null;
  const page = Title.tryParse(pageTitle, site);
  if (!page || !site.namespace(page.ns)?.subpages) return null;
  const trailing = /\/+$/.test(target);
  if (target.startsWith("/")) {
    const rest = target.replace(/\/+$/, "");
    return { resolved: page.prefixedText + rest, rest, trailing, kind: "child" };
  }
  let base = page.prefixedText;
  let rest = target;
  while (rest.startsWith("../")) {
    const cut = base.lastIndexOf("/");
    if (cut <= 0) return "above-root";
    base = base.slice(0, cut);
    rest = rest.slice(3);
  }
  rest = rest.replace(/\/+$/, "");
  return { resolved: rest ? `${base}/${rest}` : base, rest, trailing, kind: "ancestor" };
}
