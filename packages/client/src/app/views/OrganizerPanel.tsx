/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { organizers, participants, type Organizer, type Participant } from "../events.js";

/** Organizers and participants of an event; private participants appear only to organizers. */
export function OrganizerPanel({ id }: { id: number }) {
  const [people, setPeople] = useState<{ organizers: Organizer[]; participants: Participant[] } | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let current = true;
    (async () => {
      const orgs = await organizers(id);
      // Asking for private participants is refused to non-organizers: fall back to the public list.
      const list = await participants(id, true).catch(() => participants(id, false));
      if (current) setPeople({ organizers: orgs, participants: list });
    })().catch((failure: Error) => current && setError(failure.message));
    return () => {
      current = false;
    };
  }, [id]);

  if (error) return <p role="alert" class="error">{error}</p>;
  if (!people) return <p class="loading">Loading participants…</p>;
  return (
    <div>
      <h3>Organizers</h3>
      <ul>
        {people.organizers.map((o) => (
          <li key={o.organizer_id}>
            {o.user_name} <span class="muted">({o.roles.join(", ")})</span>
          </li>
        ))}
      </ul>
      <h3>Participants ({people.participants.length})</h3>
      {people.participants.length === 0 ? (
        <p class="muted">Nobody yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Registered</th>
              <th scope="col">Visibility</th>
            </tr>
          </thead>
          <tbody>
            {people.participants.map((p) => (
              <tr key={p.participant_id}>
                <td>{p.user_name ?? `#${p.user_id}`}</td>
                <td>{p.user_registered_at_formatted ?? ""}</td>
                <td>{p.private ? "private" : "public"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
