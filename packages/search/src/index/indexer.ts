/**
 * Turns a saved page into its search document: annotations scanned from the text, values
 * normalised by their property's type, the predefined properties (modification date, display
 * title), the free text, and the page's search configuration when it holds one. Property pages
 * declare types (`[[Has type::Number]]`); when a type changes, the pages using the property must
 * be indexed again, which `indexPage` reports back.
 */
import { scanAnnotations } from "../annotations/scan";
import { parseConfigArgs, type SearchConfig } from "../config/parse-config";
import {
  declaredType, DISPLAY_TITLE, MODIFICATION_DATE, normalizePropertyName, type PropertyInfo, type PropertyType,
} from "../properties";
import type { JsonObject } from "../query/dsl";
import { julianDay, julianDayToIso, normalizeValue } from "../values";
import type { DocRow, IndexTables } from "./database";

export const NS_PROPERTY = 102;
/** The property that declares a property's type; it describes the property page, it is not data. */
const HAS_TYPE = "Has type";

const SUFFIX_FIELD: Record<PropertyType, string> = {
  page: "wpgField", text: "txtField", number: "numField", boolean: "booField", url: "uriField", date: "datField", geo: "geoField",
};
/** Types whose values are copied into `text_copy` (the mapping's copy_to). */
const COPIED: ReadonlySet<PropertyType> = new Set(["text", "url", "page"]);

export interface PageInput {
  wikiId: number;
  pageId: number;
  ns: number;
  /** Title without namespace, with spaces. */
  title: string;
  /** Prefixed title, with spaces. */
  prefixed: string;
  text: string;
  modified: Date;
  /** Revision the text is from (0 when unknown). */
  revId?: number;
}

export interface IndexOutcome {
  /** Documents to index again because a property's type changed. */
  reindex: number[];
  config: SearchConfig | null;
}

function dateJd(date: Date): number {
  return julianDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

export class Indexer {
  constructor(private readonly tables: IndexTables) {}

  /** The property's record, created (type page, as SMW defaults) when first used. */
  private property(wikiId: number, name: string): PropertyInfo {
    if (name === MODIFICATION_DATE.name) return MODIFICATION_DATE;
    if (name === DISPLAY_TITLE.name) return DISPLAY_TITLE;
    return this.tables.property(wikiId, name) ?? this.tables.addProperty(wikiId, name, "page", false);
  }

  /** A Property: page sets its property's type; returns the documents to re-index when it changed. */
  private declareType(page: PageInput, declared: string | undefined): number[] {
    const name = normalizePropertyName(page.title);
    const type: PropertyType = (declared !== undefined ? declaredType(declared) : null) ?? "page";
    const existing = this.tables.property(page.wikiId, name);
    if (!existing) {
      this.tables.addProperty(page.wikiId, name, type, true);
      return [];
    }
    if (existing.type === type && existing.declared) return [];
    this.tables.setPropertyType(page.wikiId, name, type, true);
    return existing.type === type ? [] : this.tables.docsWithProperty(existing.id);
  }

  /** @param normalizeTitle canonical prefixed title of a page value on the page's wiki (null: not a title). */
  indexPage(page: PageInput, normalizeTitle: (text: string) => string | null): IndexOutcome {
    const scan = scanAnnotations(page.text);
    return this.tables.transaction(() => {
      const reindex =
        page.ns === NS_PROPERTY
          ? this.declareType(page, scan.values.find((v) => normalizePropertyName(v.property) === HAS_TYPE)?.value)
          : [];
      const modified = dateJd(page.modified);
      const source: JsonObject = {
        subject: { title: page.title, subobject: "", namespace: page.ns, interwiki: "", sortkey: page.title },
        [`P:${MODIFICATION_DATE.id}`]: { datField: [modified], dat_raw: [julianDayToIso(modified)] },
      };
      const values: DocRow["values"] = [{ propId: MODIFICATION_DATE.id, keyword: String(modified), num: modified }];
      const copy: string[] = [page.title];
      const add = (info: PropertyInfo, raw: string) => {
        const value = normalizeValue(info.type, raw, normalizeTitle);
        if (!value) return;
        if (values.some((v) => v.propId === info.id && v.keyword === value.keyword)) return;
        values.push({ propId: info.id, keyword: value.keyword, num: value.num });
        const key = `P:${info.id}`;
        const holder = (source[key] ??= { [SUFFIX_FIELD[info.type]]: [] }) as Record<string, (string | number | boolean)[]>;
        holder[SUFFIX_FIELD[info.type]]!.push(value.source);
        if (COPIED.has(info.type)) copy.push(value.keyword);
      };
      if (scan.displayTitle) add(DISPLAY_TITLE, scan.displayTitle.replace(/<[^>]*>|'{2,}/g, ""));
      for (const { property, value } of scan.values) {
        const name = normalizePropertyName(property);
        if (name === HAS_TYPE || name === MODIFICATION_DATE.name) continue;
        add(this.property(page.wikiId, name), value);
      }
      this.tables.writeDoc({
        docId: page.pageId, wikiId: page.wikiId, ns: page.ns, title: page.title, prefixed: page.prefixed, revId: page.revId ?? 0,
        source: JSON.stringify(source), textRaw: page.text, textCopy: copy.join("\n"), values,
      });
      // A page with several configuration calls uses all their arguments, in order.
      const config = scan.configs.length > 0 ? parseConfigArgs(scan.configs.flat()) : null;
      this.tables.writeConfig(page.pageId, page.wikiId, config);
      return { reindex, config };
    });
  }

  removePage(pageId: number): void {
    this.tables.transaction(() => {
      this.tables.removeDoc(pageId);
      this.tables.writeConfig(pageId, 0, null);
    });
  }
}
