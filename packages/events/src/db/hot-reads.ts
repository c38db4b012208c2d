/**
 * The hot reads of the events API, those every participant listing makes: the event's state and
 * a page of participants (20 rows by record id). They go through raw (parameterised, portable)
 * queries: a model query costs several times more CPU in Prisma's query compiler than the
 * database takes to answer. Values are normalised because SQLite and PostgreSQL return booleans
 * and dates differently.
 */
import { Prisma } from "../generated/prisma/client";
import type { EventsDb, EventsTx } from "./database";

export interface ParticipantRow {
  id: number;
  userId: number;
  private: boolean;
  registeredAt: Date;
  answersAggregatedAt: Date | null;
}

export interface ParticipantPageQuery {
  eventId: number;
  includePrivate: boolean;
  afterId: number | null;
  /** Only these users (null: everyone). */
  userIds: readonly number[] | null;
  excludeUserIds: readonly number[];
  take: number;
}

type Raw = { id: unknown; userId: unknown; private: unknown; registeredAt: unknown; answersAggregatedAt: unknown };

const asNumber = (value: unknown) => Number(value);
const asBoolean = (value: unknown) => value === true || value === 1 || value === 1n || value === "1" || value === "true";
function asDate(value: unknown): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === "bigint" ? Number(value) : (value as string | number));
}

export async function readParticipantPage(db: EventsDb | EventsTx, q: ParticipantPageQuery): Promise<ParticipantRow[]> {
  if (q.userIds !== null && q.userIds.length === 0) return [];
  const rows = await db.$queryRaw<Raw[]>(Prisma.sql`
    SELECT "id", "userId", "private", "registeredAt", "answersAggregatedAt" FROM "EventParticipant"
    WHERE "eventId" = ${q.eventId} AND "cancelledAt" IS NULL
    ${q.includePrivate ? Prisma.empty : Prisma.sql`AND "private" = ${false}`}
    ${q.afterId !== null ? Prisma.sql`AND "id" > ${q.afterId}` : Prisma.empty}
    ${q.userIds !== null ? Prisma.sql`AND "userId" IN (${Prisma.join([...q.userIds])})` : Prisma.empty}
    ${q.excludeUserIds.length > 0 ? Prisma.sql`AND "userId" NOT IN (${Prisma.join([...q.excludeUserIds])})` : Prisma.empty}
    ORDER BY "id" ASC LIMIT ${q.take}`);
  return rows.map((row) => ({
    id: asNumber(row.id),
    userId: asNumber(row.userId),
    private: asBoolean(row.private),
    registeredAt: asDate(row.registeredAt),
    answersAggregatedAt: row.answersAggregatedAt === null ? null : asDate(row.answersAggregatedAt),
  }));
}

/** What a listing needs to know about an event. */
export interface EventState {
  id: number;
  status: string;
  endUtc: Date;
  deletedAt: Date | null;
}

export async function readEventState(db: EventsDb | EventsTx, id: number): Promise<EventState | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.$queryRaw<{ id: unknown; status: string; endUtc: unknown; deletedAt: unknown }[]>(
    Prisma.sql`SELECT "id", "status", "endUtc", "deletedAt" FROM "EventRegistration" WHERE "id" = ${id}`,
  );
  if (!row) return null;
  return { id: asNumber(row.id), status: row.status, endUtc: asDate(row.endUtc), deletedAt: row.deletedAt === null ? null : asDate(row.deletedAt) };
}

/** Whether the user is an active organizer of the event (asked on every listing by a signed-in caller). */
export async function readIsActiveOrganizer(db: EventsDb | EventsTx, eventId: number, userId: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>(
    Prisma.sql`SELECT 1 AS "yes" FROM "EventOrganizer" WHERE "eventId" = ${eventId} AND "userId" = ${userId} AND "removedAt" IS NULL`,
  );
  return rows.length > 0;
}

export interface AnswerRow {
  userId: number;
  questionId: number;
  option: number | null;
  text: string | null;
}

/** The answers of some participants, and the questions enabled for the event (organizer view). */
export async function readAnswersForPage(
  db: EventsDb | EventsTx,
  eventId: number,
  userIds: readonly number[],
): Promise<{ answers: AnswerRow[]; enabled: number[] }> {
  const enabled = await db.$queryRaw<{ questionId: unknown }[]>(
    Prisma.sql`SELECT "questionId" FROM "EventQuestion" WHERE "eventId" = ${eventId} ORDER BY "questionId" ASC`,
  );
  if (userIds.length === 0) return { answers: [], enabled: enabled.map((q) => asNumber(q.questionId)) };
  const answers = await db.$queryRaw<{ userId: unknown; questionId: unknown; option: unknown; text: string | null }[]>(
    Prisma.sql`SELECT "userId", "questionId", "option", "text" FROM "ParticipantAnswer" WHERE "eventId" = ${eventId} AND "userId" IN (${Prisma.join([...userIds])})`,
  );
  return {
    enabled: enabled.map((q) => asNumber(q.questionId)),
    answers: answers.map((a) => ({ userId: asNumber(a.userId), questionId: asNumber(a.questionId), option: a.option === null ? null : asNumber(a.option), text: a.text })),
  };
}
