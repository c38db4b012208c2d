/**
 * Change feeds for clients that keep a copy (the PWA's sync): which event registrations, and
 * which of one user's participations, changed after a point. A point is (time, id): rows are
 * ordered by the time of their latest change, ties broken by id, so a feed can be paged and
 * resumed without skipping rows that share a millisecond.
 */
import type { OpsDeps } from "./deps";

export interface ChangePoint {
  time: Date;
  id: number;
}

export interface EventChange {
  id: number;
  changedAt: Date;
  deleted: boolean;
}

export interface ParticipationChange {
  eventId: number;
  /** The participant record's id: the tie-breaker of the feed. */
  id: number;
  changedAt: Date;
  /** Cancelled (or never active): the client drops its copy. */
  cancelled: boolean;
  private: boolean;
  registeredAt: Date;
  /** Answers by question id, as the participants/self route reports them. */
  answers: Record<string, { option: number | null; text?: string }>;
}

function after(change: { changedAt: Date; id: number }, point: ChangePoint | null): boolean {
  if (!point) return true;
  const t = change.changedAt.getTime();
  return t > point.time.getTime() || (t === point.time.getTime() && change.id > point.id);
}

function latest(...dates: (Date | null)[]): Date {
  return new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));
}

function ordered<T extends { changedAt: Date; id: number }>(rows: T[], point: ChangePoint | null, limit: number): T[] {
  return rows
    .filter((row) => after(row, point))
    .sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime() || a.id - b.id)
    .slice(0, limit);
}

/** Event registrations of a wiki changed (edited, enabled or deleted) after `point`, oldest change first. */
export async function eventChangesSince(deps: OpsDeps, wikiId: number, point: ChangePoint | null, limit: number): Promise<EventChange[]> {
  const since = point?.time ?? new Date(0);
  const rows = await deps.database.read((db) =>
    db.eventRegistration.findMany({
      where: { wikiId, OR: [{ updatedAt: { gte: since } }, { deletedAt: { gte: since } }] },
      select: { id: true, updatedAt: true, deletedAt: true },
    }),
  );
  const changes = rows.map((row) => ({ id: row.id, changedAt: latest(row.updatedAt, row.deletedAt), deleted: row.deletedAt !== null }));
  return ordered(changes, point, limit);
}

/** One user's participations (registered, updated or cancelled) changed after `point`, oldest change first. */
export async function participationChangesSince(deps: OpsDeps, userId: number, point: ChangePoint | null, limit: number): Promise<ParticipationChange[]> {
  const since = point?.time ?? new Date(0);
  return deps.database.read(async (db) => {
    const rows = await db.eventParticipant.findMany({
      where: { userId, OR: [{ registeredAt: { gte: since } }, { cancelledAt: { gte: since } }] },
      include: { event: { select: { deletedAt: true } } },
    });
    const changes = ordered(
      rows.map((row) => ({ ...row, changedAt: latest(row.registeredAt, row.cancelledAt, row.event.deletedAt) })),
      point,
      limit,
    );
    const answers = await db.participantAnswer.findMany({
      where: { userId, eventId: { in: changes.map((c) => c.eventId) } },
      orderBy: { questionId: "asc" },
    });
    return changes.map((row) => ({
      eventId: row.eventId,
      id: row.id,
      changedAt: row.changedAt,
      cancelled: row.cancelledAt !== null || row.event.deletedAt !== null,
      private: row.private,
      registeredAt: row.registeredAt,
      answers: Object.fromEntries(
        answers
          .filter((a) => a.eventId === row.eventId)
          .map((a) => [String(a.questionId), { option: a.option, ...(a.text !== null ? { text: a.text } : {}) }]),
      ),
    }));
  });
}
