/**
 * What the conversion worker remembers of the local copy (pages, templates, existence) between
 * conversions. A conversion asks for hundreds of titles (templates, links), and in Chromium every
 * IndexedDB read costs tens of microseconds even inside one transaction (a transaction per read:
 * over a hundred), which made the worker 3× slower than Node on a large article. So:
 *   - each conversion starts by reading the copy's stamp (copy-stamp.ts), one read; while it is
 *     unchanged, everything remembered is still true and is reused;
 *   - otherwise the memory starts over from the tables' keys (one cheap getAllKeys each), so
 *     titles the copy does not hold, usually most of them, are answered without a read;
 *   - rows are read when first asked for, the titles asked in the same turn in one transaction.
 */
import { BatchLoader } from "./batch-loader.js";
import { COPY_STAMP_KEY } from "./copy-stamp.js";
import type { ClientDb } from "./db.js";
import type { ExistenceRow } from "./records.js";

/** A stored template or page, as a conversion needs it. */
export interface SourceRow {
  title: string;
  revid: number;
  wikitext: string;
}

/** Above this many rows the existence table's keys are not loaded up front (its rows are read per title). */
const EXISTENCE_KEYS_LIMIT = 5000;

/** The copy as one conversion sees it: as of the stamp it was checked against, plus this context's own writes. */
export class CopySnapshot {
  private readonly sources: BatchLoader<SourceRow | null>;
  private readonly existenceRows: BatchLoader<ExistenceRow | null>;

  constructor(
    db: ClientDb,
    private readonly templateKeys: Set<string>,
    private readonly pageKeys: Set<string>,
    /** null when the table was too large to list. */
    private readonly existenceKeys: Set<string> | null,
  ) {
    this.sources = new BatchLoader(async (titles) => {
      // Templates first (they are the latest revision fetched for transclusion), then pages.
      const fromTemplates = titles.filter((title) => templateKeys.has(title));
      const fromPages = titles.filter((title) => !templateKeys.has(title) && pageKeys.has(title));
      const [templates, pages] = await db.transaction("r", [db.templates, db.pages], () =>
        Promise.all([db.templates.bulkGet(fromTemplates), db.pages.bulkGet(fromPages)]));
      const rows = new Map<string, SourceRow>();
      for (const row of [...templates, ...pages]) if (row && !rows.has(row.title)) rows.set(row.title, row);
      return rows;
    }, null);
    this.existenceRows = new BatchLoader(async (titles) => {
      const rows = await db.existence.bulkGet(titles);
      return new Map(rows.flatMap((row) => (row ? [[row.title, row] as const] : [])));
    }, null);
  }

  /** Whether the copy holds a page or a template under this title. */
  holds(title: string): boolean {
    return this.templateKeys.has(title) || this.pageKeys.has(title);
  }

  /** The stored template (else page) under this title. */
  source(title: string): Promise<SourceRow | null> {
    return this.holds(title) ? this.sources.get(title) : Promise.resolve(null);
  }

  /** What the copy knows of these titles' existence (titles it knows nothing of are left out). */
  async existence(titles: readonly string[]): Promise<Map<string, ExistenceRow>> {
    const asked = this.existenceKeys ? titles.filter((title) => this.existenceKeys!.has(title)) : titles;
    const rows = await this.existenceRows.getMany(asked);
    const known = new Map<string, ExistenceRow>();
    for (const [title, row] of rows) if (row) known.set(title, row);
    return known;
  }

  /** Records a template this context just stored. */
  wroteTemplate(row: SourceRow): void {
    this.templateKeys.add(row.title);
    this.sources.set(row.title, row);
  }

  /** Records existence this context just stored. */
  wroteExistence(row: ExistenceRow): void {
    this.existenceKeys?.add(row.title);
    this.existenceRows.set(row.title, row);
  }
}

export class CopyMemory {
  private remembered: { stamp: unknown; snapshot: Promise<CopySnapshot> } | null = null;

  constructor(private readonly db: ClientDb) {}

  /** The copy as it is now: the remembered snapshot when no write happened since, else a new one. */
  async snapshot(): Promise<CopySnapshot> {
    const stamp = (await this.db.meta.get(COPY_STAMP_KEY))?.value;
    if (this.remembered && this.remembered.stamp === stamp) return this.remembered.snapshot;
    // Keys read after the stamp may already include a later write: the next check then sees a
    // newer stamp and starts over, so the memory is never older than the stamp it is filed under.
    const snapshot = this.load();
    const remembered = { stamp, snapshot };
    this.remembered = remembered;
    snapshot.catch(() => {
      if (this.remembered === remembered) this.remembered = null;
    });
    return snapshot;
  }

  private async load(): Promise<CopySnapshot> {
    const db = this.db;
    const [templateKeys, pageKeys, existenceKeys] = await db.transaction("r", [db.templates, db.pages, db.existence], async () => {
      const small = (await db.existence.count()) <= EXISTENCE_KEYS_LIMIT;
      return Promise.all([
        db.templates.toCollection().primaryKeys(),
        db.pages.toCollection().primaryKeys(),
        small ? db.existence.toCollection().primaryKeys() : null,
      ]);
    });
    return new CopySnapshot(db, new Set(templateKeys), new Set(pageKeys), existenceKeys ? new Set(existenceKeys) : null);
  }
}
