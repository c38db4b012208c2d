/**
 * The `events` and `registrations` collections of sync.pull. Events are the public registration
 * details (what GET event_registration/{id} answers); registrations are only the caller's own
 * participations, private ones included, read by the caller's user id: other users' private
 * participation is never part of any answer.
 *
 * Position: (time of the latest change sent, its record id). Fingerprint: the wiki, and for
 * registrations the user (another account's cursor restarts the collection).
 */
import type { ChangePoint, EventsService, RegistrationDetails } from "@wikiloom/events";
import type { User, Wiki } from "@wikiloom/wiki";
import { decodeCursor, encodeCursor, fingerprint, type CollectionAnswer } from "./cursor.js";

export interface RegistrationItem {
  eventId: number;
  private: boolean;
  /** ISO 8601 time of the registration. */
  registeredAt: string;
  /** Answers by question id: `{option, text?}`. */
  answers: Record<string, { option: number | null; text?: string }>;
}

function pointOf(position: number[] | null): ChangePoint | null {
  return position ? { time: new Date(position[0]!), id: position[1]! } : null;
}

function positionAfter(point: ChangePoint | null, last: { changedAt: Date; id: number } | undefined): number[] {
  if (last) return [last.changedAt.getTime(), last.id];
  return point ? [point.time.getTime(), point.id] : [0, 0];
}

export async function pullEvents(
  service: EventsService,
  wiki: Wiki,
  input: { cursor?: string; limit: number },
): Promise<CollectionAnswer<RegistrationDetails, number>> {
  const print = fingerprint(["events", wiki.id]);
  const position = decodeCursor(input.cursor, "e1", 2, print);
  const point = pointOf(position);
  // One more than asked tells whether more changes wait.
  const changes = await service.eventChangesSince(wiki.id, point, input.limit + 1);
  const batch = changes.slice(0, input.limit);
  const scope = await service.scope(wiki);
  const items: RegistrationDetails[] = [];
  const deleted: number[] = [];
  for (const change of batch) {
    if (change.deleted) {
      deleted.push(change.id);
      continue;
    }
    try {
      items.push(await service.details(scope, change.id));
    } catch {
      // Gone between the feed and the read (deleted meanwhile): the client drops it.
      deleted.push(change.id);
    }
  }
  return {
    items,
    deleted,
    cursor: encodeCursor("e1", positionAfter(point, batch[batch.length - 1]), print),
    more: changes.length > batch.length,
    reset: position === null,
  };
}

/** More own registrations than this are not expected of one account; the rest waits for a later pull. */
const MAX_OWN_REGISTRATIONS = 5000;

/**
 * The caller's registrations, sent whole whenever any of them changed. A user has few, and
 * some changes (visibility, answers of an active registration) leave no timestamp behind, so
 * the fingerprint covers their whole state rather than a change time.
 */
export async function pullRegistrations(
  service: EventsService,
  user: User | null,
  input: { cursor?: string },
): Promise<CollectionAnswer<RegistrationItem, number>> {
  const all = user ? await service.participationChangesSince(user.id, null, MAX_OWN_REGISTRATIONS) : [];
  const active = all.filter((c) => !c.cancelled).sort((a, b) => a.eventId - b.eventId);
  const print = fingerprint(["registrations", user?.id ?? 0, ...active.map((c) => `${c.eventId}:${c.private}:${c.registeredAt.getTime()}:${JSON.stringify(c.answers)}`)]);
  const cursor = encodeCursor("r2", [active.length], print);
  if (decodeCursor(input.cursor, "r2", 1, print)) return { items: [], deleted: [], cursor, more: false, reset: false };
  return {
    items: active.map((c) => ({ eventId: c.eventId, private: c.private, registeredAt: c.registeredAt.toISOString(), answers: c.answers })),
    // Sent whole: the client replaces its copy, so cancelled ones need no listing.
    deleted: all.filter((c) => c.cancelled).map((c) => c.eventId),
    cursor,
    more: all.length >= MAX_OWN_REGISTRATIONS,
    reset: true,
  };
}
