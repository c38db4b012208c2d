/**
 * The namespaces every hosted wiki starts with: MediaWiki's standard set (ids −2…15), the
 * Property pair used for semantic annotations, and CampaignEvents' Event pair (1728/1729).
 * Project (4/5) takes the wiki's name, as $wgMetaNamespace does.
 */
export interface NamespaceDefinition {
  number: number;
  canonical: string;
  /** Local name; "" keeps the canonical one. */
  name?: string;
  caseRule: "first-letter" | "case-sensitive";
  subpages: boolean;
  content: boolean;
}

export const NS_PROPERTY = 102;
export const NS_EVENT = 1728;

interface Row {
  n: number;
  canonical: string;
  subpages?: boolean;
  content?: boolean;
}

// Subpage flags follow MediaWiki's default $wgNamespacesWithSubpages; only the main namespace
// holds content pages.
const ROWS: Row[] = [
  { n: -2, canonical: "Media" },
  { n: -1, canonical: "Special" },
  { n: 0, canonical: "", content: true },
  { n: 1, canonical: "Talk", subpages: true },
  { n: 2, canonical: "User", subpages: true },
  { n: 3, canonical: "User talk", subpages: true },
  { n: 4, canonical: "Project", subpages: true },
  { n: 5, canonical: "Project talk", subpages: true },
  { n: 6, canonical: "File" },
  { n: 7, canonical: "File talk", subpages: true },
  { n: 8, canonical: "MediaWiki", subpages: true },
  { n: 9, canonical: "MediaWiki talk", subpages: true },
  { n: 10, canonical: "Template", subpages: true },
  { n: 11, canonical: "Template talk", subpages: true },
  { n: 12, canonical: "Help", subpages: true },
  { n: 13, canonical: "Help talk", subpages: true },
  { n: 14, canonical: "Category" },
  { n: 15, canonical: "Category talk", subpages: true },
  { n: NS_PROPERTY, canonical: "Property" },
  { n: NS_PROPERTY + 1, canonical: "Property talk", subpages: true },
  { n: NS_EVENT, canonical: "Event" },
  { n: NS_EVENT + 1, canonical: "Event talk", subpages: true },
];

export function standardNamespaces(siteName: string): NamespaceDefinition[] {
  return ROWS.map((row) => ({
    number: row.n,
    canonical: row.canonical,
    name: row.n === 4 ? siteName : row.n === 5 ? `${siteName} talk` : row.canonical,
    caseRule: "first-letter",
    subpages: row.subpages ?? false,
    content: row.content ?? false,
  }));
}

/** Older or shorter names that still resolve to a namespace. */
export function standardNamespaceAliases(): { number: number; alias: string }[] {
  return [
    { number: 6, alias: "Image" },
    { number: 7, alias: "Image talk" },
  ];
}
