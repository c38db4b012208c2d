/**
 * The search index's tables in SQLite (the store's database file, own `search_*` tables) and
 * every statement that reads or writes them, except the query compiler's generated SQL.
 * Layout mirrors what an Elasticsearch document holds, so both backends index the same data:
 *
 *   search_doc      one row per page: subject fields and the _source JSON
 *   search_value    one row per property value: exact form (keyword) and numeric form (num)
 *   search_text     FTS5 word index over title, page text and value copy
 *   search_vocabulary  the distinct words of search_text, trigram-indexed for wildcard terms
 *   search_property property name → id and type, per wiki
 *   search_facets / search_properties / search_parameters / search_config_page
 *                   configuration pages' rows, as the reference stores them
 */
import Database from "better-sqlite3";
import type { SearchConfig, SearchParameterKey } from "../config/parse-config";
import { textTokens, type Vocabulary } from "../executor/fts-terms";
import type { PropertyInfo, PropertyType } from "../properties";

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_doc (
  doc_id INTEGER PRIMARY KEY,
  wiki_id INTEGER NOT NULL,
  ns INTEGER NOT NULL,
  title TEXT NOT NULL,
  prefixed TEXT NOT NULL,
  rev_id INTEGER NOT NULL DEFAULT 0,
  source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_doc_wiki ON search_doc (wiki_id, doc_id);
CREATE INDEX IF NOT EXISTS search_doc_prefixed ON search_doc (wiki_id, prefixed);
CREATE TABLE IF NOT EXISTS search_value (
  doc_id INTEGER NOT NULL,
  prop_id INTEGER NOT NULL,
  keyword TEXT NOT NULL,
  num REAL
);
CREATE INDEX IF NOT EXISTS search_value_keyword ON search_value (prop_id, keyword, doc_id);
CREATE INDEX IF NOT EXISTS search_value_num ON search_value (prop_id, num, doc_id);
-- Covering: per-document checks, sorts and aggregations read values without touching the table.
DROP INDEX IF EXISTS search_value_doc;
CREATE INDEX IF NOT EXISTS search_value_doc_values ON search_value (doc_id, prop_id, num, keyword);
CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5 (title, text_raw, text_copy, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocabulary USING fts5 (word, tokenize = 'trigram');
CREATE TABLE IF NOT EXISTS search_property (
  wiki_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  id INTEGER NOT NULL,
  type TEXT NOT NULL,
  declared INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (wiki_id, name)
);
CREATE TABLE IF NOT EXISTS search_config_page (page_id INTEGER PRIMARY KEY, wiki_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS search_facets (page_id INTEGER NOT NULL, property TEXT NOT NULL, translation TEXT);
CREATE INDEX IF NOT EXISTS search_facets_page ON search_facets (page_id);
CREATE TABLE IF NOT EXISTS search_properties (page_id INTEGER NOT NULL, property TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS search_properties_page ON search_properties (page_id);
CREATE TABLE IF NOT EXISTS search_parameters (page_id INTEGER NOT NULL, parameter_key TEXT NOT NULL, parameter_value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS search_parameters_page ON search_parameters (page_id);
`;

/** First id handed to a user-defined property; SMW's predefined ones (16, 29, ...) stay below. */
const FIRST_PROPERTY_ID = 100;

export interface DocRow {
  docId: number;
  wikiId: number;
  ns: number;
  title: string;
  prefixed: string;
  /** Revision the document was built from (0: unknown), for catching up with the store. */
  revId: number;
  source: string;
  textRaw: string;
  textCopy: string;
  values: { propId: number; keyword: string; num: number | null }[];
}

/** Opens the index on a SQLite file (WAL, shared with the store) or in memory, creating the tables. */
export function openIndexDatabase(file: string): Db {
  const db = new Database(file, { timeout: 10_000 });
  if (file !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // The value indexes and the word index of a large wiki outgrow SQLite's 2 MB default cache;
  // with them in memory, bulk indexing and searches avoid re-reading pages from disk.
  db.pragma("cache_size = -65536");
  db.pragma("temp_store = MEMORY");
  db.exec(SCHEMA);
  return db;
}

/** Prepared statements of the index, created once per connection. */
export class IndexTables implements Vocabulary {
  private readonly s;
  /** Words already in search_vocabulary (loaded on first write). */
  private words: Set<string> | null = null;

  constructor(readonly db: Db) {
    this.s = {
      deleteDoc: db.prepare("DELETE FROM search_doc WHERE doc_id = ?"),
      deleteValues: db.prepare("DELETE FROM search_value WHERE doc_id = ?"),
      deleteText: db.prepare("DELETE FROM search_text WHERE rowid = ?"),
      insertDoc: db.prepare("INSERT INTO search_doc (doc_id, wiki_id, ns, title, prefixed, rev_id, source) VALUES (?, ?, ?, ?, ?, ?, ?)"),
      insertValue: db.prepare("INSERT INTO search_value (doc_id, prop_id, keyword, num) VALUES (?, ?, ?, ?)"),
      insertText: db.prepare("INSERT INTO search_text (rowid, title, text_raw, text_copy) VALUES (?, ?, ?, ?)"),
      properties: db.prepare("SELECT name, id, type FROM search_property WHERE wiki_id = ?"),
      property: db.prepare("SELECT name, id, type, declared FROM search_property WHERE wiki_id = ? AND name = ?"),
      maxPropertyId: db.prepare("SELECT max(id) AS id FROM search_property"),
      insertProperty: db.prepare("INSERT INTO search_property (wiki_id, name, id, type, declared) VALUES (?, ?, ?, ?, ?)"),
      updateProperty: db.prepare("UPDATE search_property SET type = ?, declared = ? WHERE wiki_id = ? AND name = ?"),
      docsWithProperty: db.prepare("SELECT DISTINCT doc_id FROM search_value WHERE prop_id = ?"),
      docWiki: db.prepare("SELECT wiki_id FROM search_doc WHERE doc_id = ?"),
      docByPrefixed: db.prepare("SELECT doc_id FROM search_doc WHERE wiki_id = ? AND prefixed = ?"),
      configPage: db.prepare("SELECT wiki_id FROM search_config_page WHERE page_id = ?"),
      insertConfigPage: db.prepare("INSERT INTO search_config_page (page_id, wiki_id) VALUES (?, ?)"),
      deleteConfigPage: db.prepare("DELETE FROM search_config_page WHERE page_id = ?"),
      facets: db.prepare("SELECT property, translation FROM search_facets WHERE page_id = ? ORDER BY rowid"),
      resultProperties: db.prepare("SELECT property FROM search_properties WHERE page_id = ? ORDER BY rowid"),
      parameters: db.prepare("SELECT parameter_key AS key, parameter_value AS value FROM search_parameters WHERE page_id = ? ORDER BY rowid"),
      deleteFacets: db.prepare("DELETE FROM search_facets WHERE page_id = ?"),
      deleteResultProperties: db.prepare("DELETE FROM search_properties WHERE page_id = ?"),
      deleteParameters: db.prepare("DELETE FROM search_parameters WHERE page_id = ?"),
      insertFacet: db.prepare("INSERT INTO search_facets (page_id, property, translation) VALUES (?, ?, ?)"),
      insertResultProperty: db.prepare("INSERT INTO search_properties (page_id, property) VALUES (?, ?)"),
      insertParameter: db.prepare("INSERT INTO search_parameters (page_id, parameter_key, parameter_value) VALUES (?, ?, ?)"),
      insertWord: db.prepare("INSERT INTO search_vocabulary (word) VALUES (?)"),
      allWords: db.prepare("SELECT word FROM search_vocabulary"),
      wordsMatching: db.prepare("SELECT word FROM search_vocabulary WHERE search_vocabulary MATCH ? LIMIT 20000"),
      wordsLike: db.prepare("SELECT word FROM search_vocabulary WHERE word LIKE ? ESCAPE '\\' LIMIT 20000"),
      wikiDocs: db.prepare("SELECT doc_id, rev_id, prefixed FROM search_doc WHERE wiki_id = ?"),
      docSource: db.prepare("SELECT source, prefixed FROM search_doc WHERE doc_id = ?"),
      docsAfter: db.prepare(
        `SELECT d.doc_id, d.wiki_id, d.ns, d.title, d.prefixed, d.rev_id, d.source, t.text_raw, t.text_copy
         FROM search_doc d JOIN search_text t ON t.rowid = d.doc_id
         WHERE d.wiki_id = ? AND (d.rev_id > ? OR (d.rev_id = ? AND d.doc_id > ?)) ORDER BY d.rev_id, d.doc_id LIMIT ?`,
      ),
      docValues: db.prepare("SELECT prop_id, keyword, num FROM search_value WHERE doc_id = ? ORDER BY rowid"),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** Replaces a page's document (call inside a transaction). */
  writeDoc(row: DocRow): void {
    this.removeDoc(row.docId);
    this.s.insertDoc.run(row.docId, row.wikiId, row.ns, row.title, row.prefixed, row.revId, row.source);
    for (const value of row.values) this.s.insertValue.run(row.docId, value.propId, value.keyword, value.num);
    this.s.insertText.run(row.docId, row.title, row.textRaw, row.textCopy);
    this.addWords(row.title, row.textRaw, row.textCopy);
  }

  /** Records words not seen before; the vocabulary only grows (stale words expand to no match). */
  private addWords(...texts: string[]): void {
    this.words ??= new Set((this.s.allWords.all() as { word: string }[]).map((r) => r.word));
    for (const text of texts) {
      for (const word of textTokens(text)) {
        if (this.words.has(word)) continue;
        this.words.add(word);
        this.s.insertWord.run(word);
      }
    }
  }

  containing(core: string): string[] {
    const rows = [...core].length >= 3
      ? this.s.wordsMatching.all(`"${core.replace(/"/g, '""')}"`)
      : this.s.wordsLike.all(`%${core.replace(/[\\%_]/g, "\\$&")}%`);
    return (rows as { word: string }[]).map((r) => r.word);
  }

  removeDoc(docId: number): void {
    this.s.deleteDoc.run(docId);
    this.s.deleteValues.run(docId);
    this.s.deleteText.run(docId);
  }

  docWiki(docId: number): number | null {
    const row = this.s.docWiki.get(docId) as { wiki_id: number } | undefined;
    return row?.wiki_id ?? null;
  }

  docIdByTitle(wikiId: number, prefixed: string): number | null {
    const row = this.s.docByPrefixed.get(wikiId, prefixed) as { doc_id: number } | undefined;
    return row?.doc_id ?? null;
  }

  /** Indexed documents of a wiki: id → revision and prefixed title. */
  wikiDocs(wikiId: number): Map<number, { revId: number; prefixed: string }> {
    const rows = this.s.wikiDocs.all(wikiId) as { doc_id: number; rev_id: number; prefixed: string }[];
    return new Map(rows.map((r) => [r.doc_id, { revId: r.rev_id, prefixed: r.prefixed }]));
  }

  /**
   * Whole documents of a wiki after (revision, document id), in that order: what a client copy
   * of the index (the PWA's offline search) is sent.
   */
  docsAfter(wikiId: number, after: { revId: number; docId: number }, limit: number): DocRow[] {
    const rows = this.s.docsAfter.all(wikiId, after.revId, after.revId, after.docId, limit) as {
      doc_id: number; wiki_id: number; ns: number; title: string; prefixed: string; rev_id: number; source: string; text_raw: string; text_copy: string;
    }[];
    return rows.map((r) => ({
      docId: r.doc_id, wikiId: r.wiki_id, ns: r.ns, title: r.title, prefixed: r.prefixed, revId: r.rev_id, source: r.source,
      textRaw: r.text_raw, textCopy: r.text_copy,
      values: (this.s.docValues.all(r.doc_id) as { prop_id: number; keyword: string; num: number | null }[]).map((v) => ({
        propId: v.prop_id, keyword: v.keyword, num: v.num,
      })),
    }));
  }

  doc(docId: number): { source: string; prefixed: string } | null {
    return (this.s.docSource.get(docId) as { source: string; prefixed: string } | undefined) ?? null;
  }

  properties(wikiId: number): PropertyInfo[] {
    return (this.s.properties.all(wikiId) as { name: string; id: number; type: PropertyType }[]).map((r) => ({
      name: r.name, key: r.name.replace(/ /g, "_"), id: r.id, type: r.type,
    }));
  }

  /** Properties by wiki and name; entries are replaced whenever a property is added or retyped. */
  private readonly propertyCache = new Map<string, (PropertyInfo & { declared: boolean }) | null>();

  property(wikiId: number, name: string): (PropertyInfo & { declared: boolean }) | null {
    const key = `${wikiId}\u0000${name}`;
    if (this.propertyCache.has(key)) return this.propertyCache.get(key)!;
    const found = this.readProperty(wikiId, name);
    this.propertyCache.set(key, found);
    return found;
  }

  private readProperty(wikiId: number, name: string): (PropertyInfo & { declared: boolean }) | null {
    const r = this.s.property.get(wikiId, name) as { name: string; id: number; type: PropertyType; declared: number } | undefined;
    return r ? { name: r.name, key: r.name.replace(/ /g, "_"), id: r.id, type: r.type, declared: r.declared === 1 } : null;
  }

  /** Creates the property with the next free id. */
  addProperty(wikiId: number, name: string, type: PropertyType, declared: boolean): PropertyInfo {
    const max = (this.s.maxPropertyId.get() as { id: number | null }).id ?? 0;
    const id = Math.max(max + 1, FIRST_PROPERTY_ID);
    this.s.insertProperty.run(wikiId, name, id, type, declared ? 1 : 0);
    this.propertyCache.delete(`${wikiId}\u0000${name}`);
    return { name, key: name.replace(/ /g, "_"), id, type };
  }

  setPropertyType(wikiId: number, name: string, type: PropertyType, declared: boolean): void {
    this.s.updateProperty.run(type, declared ? 1 : 0, wikiId, name);
    this.propertyCache.delete(`${wikiId}\u0000${name}`);
  }

  docsWithProperty(propId: number): number[] {
    return (this.s.docsWithProperty.all(propId) as { doc_id: number }[]).map((r) => r.doc_id);
  }

  /** The configuration stored for a page, or null when the page holds none. */
  config(pageId: number): { wikiId: number; config: SearchConfig } | null {
    const page = this.s.configPage.get(pageId) as { wiki_id: number } | undefined;
    if (!page) return null;
    const facets = this.s.facets.all(pageId) as { property: string; translation: string | null }[];
    return {
      wikiId: page.wiki_id,
      config: {
        facets: facets.map((f) => f.property),
        translations: Object.fromEntries(facets.filter((f) => f.translation !== null).map((f) => [f.property, f.translation!])),
        resultProperties: (this.s.resultProperties.all(pageId) as { property: string }[]).map((r) => r.property),
        parameters: this.s.parameters.all(pageId) as { key: SearchParameterKey; value: string }[],
      },
    };
  }

  /** Replaces (or, with null, removes) a page's configuration rows (call inside a transaction). */
  writeConfig(pageId: number, wikiId: number, config: SearchConfig | null): void {
    this.s.deleteConfigPage.run(pageId);
    this.s.deleteFacets.run(pageId);
    this.s.deleteResultProperties.run(pageId);
    this.s.deleteParameters.run(pageId);
    if (!config) return;
    this.s.insertConfigPage.run(pageId, wikiId);
    for (const facet of config.facets) this.s.insertFacet.run(pageId, facet, config.translations[facet] ?? null);
    for (const property of config.resultProperties) this.s.insertResultProperty.run(pageId, property);
    for (const { key, value } of config.parameters) this.s.insertParameter.run(pageId, key, value);
  }
}
