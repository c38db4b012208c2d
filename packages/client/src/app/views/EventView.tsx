/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import type { EventRow } from "../../data/index.js";
import { cancel, eventDetails, membership, register, type Membership } from "../events.js";
import type { User } from "../session.js";
import { eventName } from "./EventsView.js";
import { OrganizerPanel } from "./OrganizerPanel.js";

const SHOWN_FIELDS: Array<[string, string]> = [
  ["event_page", "Event page"],
  ["status", "Status"],
  ["start_time", "Starts"],
  ["end_time", "Ends"],
  ["timezone", "Time zone"],
  ["online_meeting", "Online"],
  ["inperson_meeting", "In person"],
  ["meeting_url", "Meeting link"],
  ["meeting_address", "Address"],
  ["meeting_country", "Country"],
  ["chat_url", "Chat"],
];

function fieldOf(event: EventRow, key: string): unknown {
  return (event as Record<string, unknown>)[key];
}

function shown(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** Booleans as words; the API's 14-digit timestamps (in the event's time zone) as date and time. */
function display(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = String(value);
  const stamp = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})\d{2}$/.exec(text);
  return stamp ? `${stamp[1]}-${stamp[2]}-${stamp[3]} ${stamp[4]}:${stamp[5]}` : text;
}

export function EventView({ id, user, online }: { id: number; user: User | null; online: boolean }) {
  const [event, setEvent] = useState<EventRow | null | undefined>(undefined);
  const [member, setMember] = useState<Membership | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");

  async function refresh() {
    try {
      setEvent((await eventDetails(id)) ?? null);
      if (user && !user.anonymous) setMember(await membership(id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  useEffect(() => {
    setEvent(undefined);
    setMember(null);
    setMessage("");
    setError("");
    void refresh();
  }, [id, user?.id, online]);

  async function act(write: () => Promise<"done" | "queued">, what: string) {
    setError("");
    try {
      const outcome = await write();
      setMessage(outcome === "queued" ? `${what} queued: it will be sent when you are back online.` : `${what} done.`);
      setMember(await membership(id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (event === undefined) return <p class="loading">{error || "Loading…"}</p>;
  if (event === null) return <p>Event {id} is not known {online ? "" : "offline"}.</p>;
  return (
    <section aria-labelledby="event-heading">
      <h2 id="event-heading">{eventName(event)}</h2>
      <dl>
        {SHOWN_FIELDS.filter(([key]) => shown(fieldOf(event, key))).map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{display(fieldOf(event, key))}</dd>
          </div>
        ))}
      </dl>
      {!user || user.anonymous ? (
        <p class="muted">Log in to register.</p>
      ) : member?.registered ? (
        <p>
          You are registered{member.private ? " privately" : " publicly"}
          {member.pending ? " (waiting to be sent)" : ""}.{" "}
          <button type="button" onClick={() => act(() => cancel(id), "Cancellation")}>Cancel registration</button>
        </p>
      ) : (
        <p>
          <label>
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} /> Register privately (only organizers see you)
          </label>
          <button type="button" onClick={() => act(() => register(id, isPrivate), "Registration")}>Register</button>
        </p>
      )}
      {message && <p role="status" class="ok">{message}</p>}
      {error && <p role="alert" class="error">{error}</p>}
      {online ? <OrganizerPanel id={id} /> : <p class="muted">Participants and organizers are shown online.</p>}
    </section>
  );
}
