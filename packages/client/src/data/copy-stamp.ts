/**
 * The local copy's change stamp: every write transaction that touches the tables conversions read
 * (pages, templates, existence) also writes a new random stamp into `meta`, in the same
 * transaction, whichever context (the UI, a worker, another tab) makes it. A reader that keeps
 * rows in memory compares one stamp instead of re-reading every row: equal stamps mean nothing
 * it may have remembered has changed since. It is a Dexie DBCore middleware so that no write path
 * (sync pulls, pages opened, the worker's own fetches, writes added later) can forget it.
 */
import type { DBCore, DBCoreTransaction, Middleware } from "dexie";

/** The tables the conversion worker reads. */
export const COPY_TABLES: ReadonlySet<string> = new Set(["pages", "templates", "existence"]);
/** Key of the stamp's row in the `meta` table. */
export const COPY_STAMP_KEY = "copy-stamp";
const META_TABLE = "meta";

function newStamp(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export const copyStampMiddleware: Middleware<DBCore> = {
  stack: "dbcore",
  name: "copy-stamp",
  create(down) {
    // One stamp per transaction is enough: it commits (or aborts) with all of its writes.
    const stamped = new WeakSet<DBCoreTransaction>();
    return {
      ...down,
      transaction(stores, mode, options) {
        // Writers of the copy name only the tables they write; `meta` joins so the stamp can too.
        const widen = mode === "readwrite" && !stores.includes(META_TABLE) && stores.some((store) => COPY_TABLES.has(store));
        return down.transaction(widen ? [...stores, META_TABLE] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (!COPY_TABLES.has(name)) return table;
        return {
          ...table,
          mutate(request) {
            if (stamped.has(request.trans)) return table.mutate(request);
            stamped.add(request.trans);
            // Both requests go out in the same tick (no await between them), so the transaction
            // cannot commit in between.
            const stamp = down.table(META_TABLE).mutate({ type: "put", trans: request.trans, values: [{ key: COPY_STAMP_KEY, value: newStamp() }] });
            const mutation = table.mutate(request);
            return Promise.all([stamp, mutation]).then(([, result]) => result);
          },
        };
      },
    };
  },
};
