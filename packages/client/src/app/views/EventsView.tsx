/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import type { EventRow } from "../../data/index.js";
import { listEvents } from "../events.js";
import { href, navigate } from "../router.js";

/** The event registrations this device knows of (synced from the server), and a way to open any by id. */
export function EventsView({ syncedAt }: { syncedAt: number }) {
  const [events, setEvents] = useState<EventRow[] | null>(null);
  const [id, setId] = useState("");

  useEffect(() => {
    listEvents().then(setEvents, () => setEvents([]));
  }, [syncedAt]);

  return (
    <section aria-labelledby="events-heading">
      <h2 id="events-heading">Events</h2>
      {events === null ? (
        <p class="loading">Loading…</p>
      ) : events.length === 0 ? (
        <p class="muted">No events synced yet.</p>
      ) : (
        <ul>
          {events.map((event) => (
            <li key={event.id}>
              <a href={href({ view: "event", id: event.id })}>{eventName(event)}</a>{" "}
              <span class="muted">{String(event.start_time ?? "")}</span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (Number(id) > 0) navigate({ view: "event", id: Number(id) });
        }}
      >
        <label for="event-id">Open an event by its registration id</label>
        <input id="event-id" inputMode="numeric" value={id} onInput={(e) => setId(e.currentTarget.value)} /> <button type="submit">Open</button>
      </form>
    </section>
  );
}

export function eventName(event: EventRow): string {
  const name = event.name ?? event.event_page ?? `Event ${event.id}`;
  return String(name).replace(/^Event:/, "");
}
