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

export async function pullRegistrations(
  service: EventsService,
  user: User | null,
  input: { cursor?: string; limit: number },
): Promise<CollectionAnswer<RegistrationItem, number>> {
  const print = fingerprint(["registrations", user?.id ?? 0]);
  const position = decodeCursor(input.cursor, "r1", 2, print);
  if (!user) return { items: [], deleted: [], cursor: encodeCursor("r1", [0, 0], print), more: false, reset: position === null };
  const point = pointOf(position);
  const changes = await service.participationChangesSince(user.id, point, input.limit + 1);
  const batch = changes.slice(0, input.limit);
  return {
    items: batch
      .filter((c) => !c.cancelled)
      .map((c) => ({ eventId: c.eventId, private: c.private, registeredAt: c.registeredAt.toISOString(), answers: c.answers })),
    deleted: batch.filter((c) => c.cancelled).map((c) => c.eventId),
    cursor: encodeCursor("r1", positionAfter(point, batch[batch.length - 1]), print),
    more: changes.length > batch.length,
    reset: position === null,
  };
}
