/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import type { QueueRow } from "../../data/index.js";
import { clientDb, syncClient } from "../library.js";

function describe(row: QueueRow): string {
  switch (row.kind) {
    case "edit":
      return `Edit of ${row.title} (on revision ${row.baseRevid})`;
    case "register":
      return `Registration for event ${row.eventId}${row.private ? " (private)" : ""}`;
    case "cancel":
      return `Cancellation for event ${row.eventId}`;
  }
}

/** Writes made on this device and what the server answered; conflicts wait for a decision. */
export function SyncView({ syncedAt, onSync }: { syncedAt: number; onSync: () => void }) {
  const [rows, setRows] = useState<QueueRow[] | null>(null);
  const [error, setError] = useState("");

  async function load() {
    setRows(await clientDb().queue.orderBy("seq").reverse().toArray());
  }
  useEffect(() => void load(), [syncedAt]);

  async function resolve(row: QueueRow, choice: "mine" | "server") {
    try {
      await syncClient().resolveConflict(row.id, choice);
      onSync();
    } catch (failure) {
      setError((failure as Error).message);
    }
    await load();
  }

  return (
    <section aria-labelledby="sync-heading">
      <h2 id="sync-heading">Sync</h2>
      <p>
        <button type="button" onClick={onSync}>Sync now</button>
      </p>
      {error && <p role="alert" class="error">{error}</p>}
      {rows === null ? (
        <p class="loading">Loading…</p>
      ) : rows.length === 0 ? (
        <p class="muted">Nothing was written on this device yet.</p>
      ) : (
        <ul data-testid="queue">
          {rows.map((row) => (
            <li key={row.id} data-status={row.status}>
              {describe(row)}: <strong>{row.status}</strong>
              {row.error && <span class="error"> {row.error.info}</span>}
              {row.status === "conflicted" && (
                <div>
                  <p>The server's version differs:</p>
                  <pre>{JSON.stringify(row.server, null, 2)}</pre>
                  <button type="button" onClick={() => resolve(row, "mine")}>Keep mine</button>{" "}
                  <button type="button" onClick={() => resolve(row, "server")}>Take the server's</button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
