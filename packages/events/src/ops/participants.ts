/** Registering, cancelling, removing and listing participants, and reading one's own registration. */
import type { Actor, WikiScope } from "../context";
import { forbidden, invalid, notFound } from "../errors";
import { canCancel, canManageEvent, canRegister } from "../rules/permissions";
import { describeAnswer, questionById, readAnswers, type Answer } from "../rules/questions";
import { formatHumanUtc, toTsMw } from "../time/timestamp";
import type { OpsDeps } from "./deps";
import { readAnswersForPage, readEventState, readIsActiveOrganizer, readParticipantPage } from "../db/hot-reads";
import { eventNotFound, hasEnded, isActiveOrganizer, requireEvent, userPageLinks, type Reader, type UserPageLink } from "./shared";

/** Participants per listing page. */
export const PARTICIPANTS_PAGE_SIZE = 20;

function sameAnswers(a: readonly Answer[], b: readonly Answer[]): boolean {
  return a.length === b.length && a.every((x, i) => x.questionId === b[i]!.questionId && x.option === b[i]!.option && x.text === b[i]!.text);
}

async function storedAnswers(db: Reader, eventId: number, userId: number): Promise<Answer[]> {
  const rows = await db.participantAnswer.findMany({ where: { eventId, userId }, orderBy: { questionId: "asc" } });
  return rows.map((r) => ({ questionId: r.questionId, option: r.option, text: r.text }));
}

/**
 * Registers the caller (or updates their registration): visibility and answers. Answers replace
 * the stored set. Returns whether anything changed.
 */
export async function registerParticipant(deps: OpsDeps, actor: Actor | null, id: number, isPrivate: boolean, answersInput: unknown): Promise<boolean> {
  return deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    const enabled = new Set((await tx.eventQuestion.findMany({ where: { eventId: id } })).map((q) => q.questionId));
    const before = actor ? await storedAnswers(tx, id, actor.id) : [];
    const answers = readAnswers(answersInput, enabled, new Set(before.map((a) => a.questionId)));
    if (!canRegister(actor)) throw forbidden("campaignevents-register-not-allowed", "You are not allowed to register for this event.");
    if (event.deletedAt) throw invalid("campaignevents-register-registration-deleted", "This event registration was deleted.");
    const now = deps.now();
    const record = await tx.eventParticipant.findUnique({ where: { eventId_userId: { eventId: id, userId: actor.id } } });
    const active = record !== null && record.cancelledAt === null;
    if (!active) {
      if (hasEnded(event, now)) throw invalid("campaignevents-register-event-past", "This event has already ended.");
      if (event.status !== "open") throw invalid("campaignevents-register-event-not-open", "Registration for this event is not open.");
    }
    if (answers.length > 0 && record?.answersAggregatedAt) {
      throw invalid("campaignevents-register-answers-aggregated-error", "Your answers for this event were already aggregated and cannot be changed.");
    }
    let modified = false;
    if (!record) {
      await tx.eventParticipant.create({ data: { eventId: id, userId: actor.id, private: isPrivate, registeredAt: now } });
      modified = true;
    } else if (!active) {
      // Re-registering reuses the record, with a new registration time.
      await tx.eventParticipant.update({ where: { id: record.id }, data: { cancelledAt: null, private: isPrivate, registeredAt: now } });
      modified = true;
    } else if (record.private !== isPrivate) {
      await tx.eventParticipant.update({ where: { id: record.id }, data: { private: isPrivate } });
      modified = true;
    }
    if (!sameAnswers(before, answers)) {
      await tx.participantAnswer.deleteMany({ where: { eventId: id, userId: actor.id } });
      if (answers.length > 0) {
        await tx.participantAnswer.createMany({ data: answers.map((a) => ({ eventId: id, userId: actor.id, ...a })) });
      }
      modified = true;
    }
    return modified;
  });
}

/** Cancels the caller's registration; returns whether they were registered. */
export async function cancelRegistration(deps: OpsDeps, actor: Actor | null, id: number): Promise<boolean> {
  return deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    if (!canCancel(actor)) throw forbidden("campaignevents-unregister-not-allowed", "You are not allowed to cancel a registration for this event.");
    if (event.deletedAt) throw invalid("campaignevents-unregister-registration-deleted", "This event registration was deleted.");
    if (hasEnded(event, deps.now())) throw invalid("campaignevents-unregister-event-past", "This event has already ended.");
    const { count } = await tx.eventParticipant.updateMany({
      where: { eventId: id, userId: actor.id, cancelledAt: null },
      data: { cancelledAt: deps.now() },
    });
    if (count > 0) await tx.participantAnswer.deleteMany({ where: { eventId: id, userId: actor.id } });
    return count > 0;
  });
}

export interface RemovalResult {
  modified: number;
  public: number;
  private: number;
}

/**
 * An organizer removes participants: those in `userIds` (everyone when null), or everyone except
 * them with `invert`.
 */
export async function removeParticipants(
  deps: OpsDeps,
  actor: Actor | null,
  id: number,
  userIds: readonly number[] | null,
  invert: boolean,
): Promise<RemovalResult> {
  if ((userIds !== null && userIds.length === 0) || (invert && userIds === null)) {
    throw invalid("campaignevents-rest-remove-participants-invalid-users-ids", "The list of users to remove must not be empty.");
  }
  return deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    if (!canManageEvent(actor, await isActiveOrganizer(tx, id, actor?.id))) {
      throw forbidden("campaignevents-unregister-participants-permission-denied", "You are not allowed to remove participants from this event.");
    }
    if (event.deletedAt) throw invalid("campaignevents-unregister-participants-registration-deleted", "This event registration was deleted.");
    if (hasEnded(event, deps.now())) throw invalid("campaignevents-unregister-participants-past-registration", "This event has already ended.");
    const who = userIds === null ? {} : { userId: invert ? { notIn: [...userIds] } : { in: [...userIds] } };
    const targets = await tx.eventParticipant.findMany({ where: { eventId: id, cancelledAt: null, ...who }, select: { id: true, userId: true, private: true } });
    if (targets.length > 0) {
      await tx.eventParticipant.updateMany({ where: { id: { in: targets.map((t) => t.id) } }, data: { cancelledAt: deps.now() } });
      await tx.participantAnswer.deleteMany({ where: { eventId: id, userId: { in: targets.map((t) => t.userId) } } });
    }
    const privateCount = targets.filter((t) => t.private).length;
    return { modified: targets.length, public: targets.length - privateCount, private: privateCount };
  });
}

export interface NonPiiAnswer {
  message: string;
  questionID: number;
}

export type ParticipantItem = {
  participant_id: number;
  user_id: number;
  user_registered_at: string;
  user_registered_at_formatted: string;
  private: boolean;
  user_name?: string;
  user_page?: UserPageLink;
  hidden?: true;
  not_found?: true;
  non_pii_answers?: NonPiiAnswer[] | string;
};

export interface ParticipantQuery {
  includePrivate: boolean;
  afterId: number | null;
  /** Case-insensitive fragment of the user name; "" is refused. */
  usernameFilter: string | null;
  excludeUserIds: readonly number[];
}

/** Participants read per batch while a name filter is applied to many candidate users. */
const FILTER_BATCH = 2_000;
/** Up to this many matching users, the filter becomes one indexed query on their ids. */
const FILTER_DIRECT_LIMIT = 1_000;

/**
 * The next page of active participants after `query.afterId`. Without a name filter that is one
 * indexed query. With one, participants are read in batches and the user directory says which
 * names match, until the page is full: the names live with the store, not in the events tables.
 */
function participantRows(db: Reader, id: number, query: ParticipantQuery, after: number | null, take: number, userIds?: number[]) {
  return readParticipantPage(db, {
    eventId: id,
    includePrivate: query.includePrivate,
    afterId: after,
    userIds: userIds ?? null,
    excludeUserIds: query.excludeUserIds,
    take,
  });
}

async function pageOfParticipants(deps: OpsDeps, id: number, query: ParticipantQuery) {
  const where = (after: number | null, take: number, userIds?: number[]) =>
    deps.database.read((db) => participantRows(db, id, query, after, take, userIds));
  if (query.usernameFilter === null) return where(query.afterId, PARTICIPANTS_PAGE_SIZE);
  // A selective filter (the usual case) names few users: ask for them directly.
  const matches = await deps.directory.usersWithNameContaining(query.usernameFilter, FILTER_DIRECT_LIMIT);
  if (matches !== null) return where(query.afterId, PARTICIPANTS_PAGE_SIZE, matches);
  const page = [];
  let after = query.afterId;
  for (;;) {
    const batch = await where(after, FILTER_BATCH);
    const matching = await deps.directory.namesContaining(batch.map((row) => row.userId), query.usernameFilter);
    for (const row of batch) {
      if (!matching.has(row.userId)) continue;
      page.push(row);
      if (page.length === PARTICIPANTS_PAGE_SIZE) return page;
    }
    if (batch.length < FILTER_BATCH) return page;
    after = batch[batch.length - 1]!.id;
  }
}

/** A page of active participants, by record id. */
export async function listParticipants(deps: OpsDeps, scope: WikiScope, actor: Actor | null, id: number, query: ParticipantQuery): Promise<ParticipantItem[]> {
  if (query.usernameFilter === "") {
    // Only reported once the event is known to exist.
    await deps.database.read((db) => requireEvent(db, id));
    throw invalid("campaignevents-rest-list-participants-empty-filter", "The user name filter cannot be empty.");
  }
  // The event, the caller's role and (without a name filter) the page in one database turn.
  const { event, organizer, unfiltered } = await deps.database.read(async (db) => {
    const event = await readEventState(db, id);
    if (!event) throw eventNotFound(id);
    const organizer = actor ? await readIsActiveOrganizer(db, id, actor.id) : false;
    const unfiltered = query.usernameFilter === null && (!query.includePrivate || organizer) ? await participantRows(db, id, query, query.afterId, PARTICIPANTS_PAGE_SIZE) : null;
    return { event, organizer, unfiltered };
  });
  const manager = canManageEvent(actor, organizer);
  if (query.includePrivate && !manager) {
    throw forbidden("campaignevents-rest-list-participants-cannot-see-private", "You are not allowed to see private participants of this event.");
  }
  const showAnswers = manager && !hasEnded(event, deps.now());
  const rows = unfiltered ?? (await pageOfParticipants(deps, id, query));
  const { answers, enabled } =
    showAnswers && rows.length > 0
      ? await deps.database.read((db) => readAnswersForPage(db, id, rows.map((r) => r.userId)))
      : { answers: [], enabled: [] };
  const seen = await deps.directory.visibility(rows.map((r) => r.userId));
  const names = rows.flatMap((r) => {
    const who = seen.get(r.userId);
    return who?.status === "visible" ? [who.name] : [];
  });
  const links = await userPageLinks(scope, names);
  const nonPii = enabled.flatMap((qid) => {
    const q = questionById(qid);
    return q && !q.pii ? [q] : [];
  });
  return rows.map((row) => {
    const item: ParticipantItem = {
      participant_id: row.id,
      user_id: row.userId,
      user_registered_at: toTsMw(row.registeredAt),
      user_registered_at_formatted: formatHumanUtc(row.registeredAt),
      private: row.private,
    };
    const who = seen.get(row.userId);
    if (who?.status === "visible") {
      item.user_name = who.name;
      item.user_page = links.get(who.name)!;
    } else if (who?.status === "hidden") item.hidden = true;
    else item.not_found = true;
    if (showAnswers) {
      item.non_pii_answers = row.answersAggregatedAt
        ? "This participant's answers were aggregated and are no longer available individually."
        : nonPii.map((q) => ({
            message: describeAnswer(q, answers.find((a) => a.userId === row.userId && a.questionId === q.id)),
            questionID: q.id,
          }));
    }
    return item;
  });
}

export interface OwnRegistration {
  private: boolean;
  answers: Record<string, { option: number | null; text?: string }>;
}

/** The caller's own registration and answers. */
export async function ownRegistration(deps: OpsDeps, actor: Actor | null, id: number): Promise<OwnRegistration> {
  return deps.database.read(async (db) => {
    await requireEvent(db, id);
    if (!actor) throw invalid("campaignevents-register-not-allowed", "You need an account to have a registration.");
    const record = await db.eventParticipant.findUnique({ where: { eventId_userId: { eventId: id, userId: actor.id } } });
    if (!record || record.cancelledAt !== null) {
      throw notFound("campaignevents-rest-get-registration-info-notparticipant", "You are not registered for this event.");
    }
    const answers: OwnRegistration["answers"] = {};
    for (const a of await storedAnswers(db, id, actor.id)) {
      answers[String(a.questionId)] = { option: a.option, ...(a.text !== null ? { text: a.text } : {}) };
    }
    return { private: record.private, answers };
  });
}
