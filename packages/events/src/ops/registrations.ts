/** Enabling, editing, deleting and reading event registrations. */
import type { Title } from "@wikiloom/wikitext";
import type { Actor, WikiScope } from "../context";
import { forbidden, invalid, notFound } from "../errors";
import type { EventRegistration } from "../generated/prisma/client";
import { validateEventData, type EventData, type EventDataInput } from "../rules/event-data";
import { canBeOrganizer, canDeleteEvent, canEnableRegistrations, canManageEvent } from "../rules/permissions";
import { DEFAULT_QUESTION_IDS } from "../rules/questions";
import type { OpsDeps } from "./deps";
import { eventNotFound, eventTitle, hasEnded, isActiveOrganizer, requireEvent, type Reader } from "./shared";

export type EventStatus = "open" | "closed";

/** 400 when a registration (live or deleted) other than `exceptId` already uses the page. */
async function checkPageFree(db: Reader, scope: WikiScope, data: EventData, exceptId: number | null): Promise<void> {
  const holder = await db.eventRegistration.findUnique({
    where: { wikiId_pageNamespace_pageDbKey: { wikiId: scope.wikiId, pageNamespace: data.pageNamespace, pageDbKey: data.pageDbKey } },
    select: { id: true, deletedAt: true },
  });
  if (!holder || holder.id === exceptId) return;
  if (holder.deletedAt) throw invalid("campaignevents-error-page-already-registered-deleted", "This page had an event registration that was deleted.");
  throw invalid("campaignevents-error-page-already-registered", "This page already has an event registration.");
}

function storedFields(data: EventData) {
  return {
    pageNamespace: data.pageNamespace,
    pageDbKey: data.pageDbKey,
    timezone: data.timezone,
    startLocal: data.startLocal,
    endLocal: data.endLocal,
    startUtc: data.startUtc,
    endUtc: data.endUtc,
    onlineMeeting: data.onlineMeeting,
    inpersonMeeting: data.inpersonMeeting,
    meetingUrl: data.meetingUrl,
    meetingCountry: data.meetingCountry,
    meetingAddress: data.meetingAddress,
    chatUrl: data.chatUrl,
    trackingToolId: data.trackingToolId,
    trackingToolEventId: data.trackingToolEventId,
  };
}

/** Enables a registration on an event page; the performer becomes its creator. Returns the id. */
export async function enableRegistration(deps: OpsDeps, scope: WikiScope, actor: Actor | null, input: EventDataInput): Promise<number> {
  if (!canEnableRegistrations(actor)) {
    throw forbidden("campaignevents-rest-enable-registration-permission-denied", "You are not allowed to enable event registrations.");
  }
  const data = validateEventData(input, { exists: await scope.pageExists(input.page) }, true, deps.now());
  if ((await scope.pageCreatorId(input.page)) !== actor.id) {
    throw forbidden("campaignevents-enable-registration-not-allowed-page", "Only the creator of the event page can enable a registration on it.");
  }
  return deps.database.write(async (tx) => {
    await checkPageFree(tx, scope, data, null);
    if (!canBeOrganizer(actor)) throw invalid("campaignevents-edit-organizers-not-allowed", "You cannot be an organizer of events.");
    const now = deps.now();
    const event = await tx.eventRegistration.create({
      data: {
        wikiId: scope.wikiId,
        status: "open",
        ...storedFields(data),
        createdAt: now,
        updatedAt: now,
        organizers: { create: { userId: actor.id, isCreator: true, createdAt: now } },
        questions: { create: DEFAULT_QUESTION_IDS.map((questionId) => ({ questionId })) },
      },
      select: { id: true },
    });
    return event.id;
  });
}

/** Edits a registration: its data and its status. */
export async function editRegistration(
  deps: OpsDeps,
  scope: WikiScope,
  actor: Actor | null,
  id: number,
  status: EventStatus,
  input: EventDataInput,
): Promise<void> {
  await deps.database.read((db) => requireEvent(db, id));
  const data = validateEventData(input, { exists: await scope.pageExists(input.page) }, false, deps.now());
  // Standing of the current organizers is read before the transaction: the store has its own
  // connection, and waiting on it while holding the events write lock could stall both.
  const organizerIds = (
    await deps.database.read((db) => db.eventOrganizer.findMany({ where: { eventId: id, removedAt: null }, select: { userId: true } }))
  ).map((o) => o.userId);
  const standings = new Map(await Promise.all(organizerIds.map(async (userId) => [userId, await deps.directory.standingById(userId)] as const)));
  await deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    if (!canManageEvent(actor, await isActiveOrganizer(tx, id, actor?.id))) {
      throw forbidden("campaignevents-edit-not-allowed-registration", "You are not allowed to edit this event registration.");
    }
    await checkPageFree(tx, scope, data, id);
    if (event.deletedAt) throw invalid("campaignevents-edit-registration-deleted", "This event registration was deleted.");
    const current = await tx.eventOrganizer.findMany({ where: { eventId: id, removedAt: null }, select: { userId: true } });
    if (current.some((o) => !canBeOrganizer(standings.get(o.userId) ?? null))) {
      throw invalid("campaignevents-edit-organizers-not-allowed", "Some organizers of this event can no longer be organizers.");
    }
    const now = deps.now();
    if (hasEnded(event, now) && data.endUtc.getTime() > now.getTime() && (await hasParticipantAnswers(tx, id))) {
      throw invalid("campaignevents-event-dates-cannot-be-changed", "The dates of an event that ended with participant answers cannot be moved into the future.");
    }
    await tx.eventRegistration.update({ where: { id }, data: { status, ...storedFields(data), updatedAt: now } });
  });
}

async function hasParticipantAnswers(db: Reader, eventId: number): Promise<boolean> {
  const answer = await db.participantAnswer.findFirst({ where: { eventId }, select: { questionId: true } });
  if (answer) return true;
  const aggregated = await db.eventParticipant.findFirst({ where: { eventId, answersAggregatedAt: { not: null } }, select: { id: true } });
  return aggregated !== null;
}

/** Soft-deletes a registration. */
export async function deleteRegistration(deps: OpsDeps, actor: Actor | null, id: number): Promise<void> {
  await deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    if (event.deletedAt) throw notFound("campaignevents-rest-delete-already-deleted", "This event registration was already deleted.");
    if (!canDeleteEvent(actor, await isActiveOrganizer(tx, id, actor?.id))) {
      throw forbidden("campaignevents-delete-not-allowed-registration", "You are not allowed to delete this event registration.");
    }
    await tx.eventRegistration.update({ where: { id }, data: { deletedAt: deps.now() } });
  });
}

export interface RegistrationDetails {
  id: number;
  name: string;
  event_page: string;
  event_page_wiki: string;
  chat_url: string | null;
  tracking_tools: { tool_id: string; tool_event_id: string }[];
  status: string;
  timezone: string;
  start_time: string;
  end_time: string;
  online_meeting: boolean;
  inperson_meeting: boolean;
  meeting_url: string | null;
  meeting_country: string | null;
  meeting_address: string | null;
  questions: number[];
}

function describe(scope: WikiScope, event: EventRegistration, page: Title, questions: number[]): RegistrationDetails {
  return {
    id: event.id,
    name: page.text,
    event_page: page.prefixedText,
    event_page_wiki: scope.wikiKey,
    chat_url: event.chatUrl,
    tracking_tools:
      event.trackingToolId !== null ? [{ tool_id: event.trackingToolId, tool_event_id: event.trackingToolEventId ?? "" }] : [],
    status: event.status,
    timezone: event.timezone,
    start_time: event.startLocal,
    end_time: event.endLocal,
    online_meeting: event.onlineMeeting,
    inperson_meeting: event.inpersonMeeting,
    meeting_url: event.meetingUrl,
    meeting_country: event.meetingCountry,
    meeting_address: event.meetingAddress,
    questions,
  };
}

export async function registrationDetails(deps: OpsDeps, scope: WikiScope, id: number): Promise<RegistrationDetails> {
  const found = await deps.database.read((db) =>
    db.eventRegistration.findUnique({ where: { id }, include: { questions: { select: { questionId: true }, orderBy: { questionId: "asc" } } } }),
  );
  if (!found) throw eventNotFound(id);
  const { questions: enabled, ...event } = found;
  const questions = enabled.map((q) => q.questionId);
  if (event.deletedAt) throw notFound("campaignevents-rest-get-registration-deleted", "This event registration was deleted.");
  return describe(scope, event, eventTitle(scope, event), questions);
}

export interface EventListItem {
  event_id: number;
  event_name: string;
  event_deleted?: true;
}

/** At most this many events are listed per user (no paging). */
export const EVENTS_PER_USER_LIMIT = 50;

async function requireVisibleUser(deps: OpsDeps, userId: number): Promise<void> {
  const seen = (await deps.directory.visibility([userId])).get(userId);
  if (!seen || seen.status !== "visible") throw notFound("campaignevents-rest-user-not-found", `There is no user with id ${userId}.`);
}

function listItems(scope: WikiScope, events: EventRegistration[]): EventListItem[] {
  return events.map((event) => ({
    event_id: event.id,
    event_name: eventTitle(scope, event).text,
    ...(event.deletedAt ? { event_deleted: true as const } : {}),
  }));
}

/** Events the user actively organizes (deleted ones flagged), by id. */
export async function eventsByOrganizer(deps: OpsDeps, scope: WikiScope, userId: number): Promise<EventListItem[]> {
  await requireVisibleUser(deps, userId);
  const events = await deps.database.read((db) =>
    db.eventRegistration.findMany({
      where: { wikiId: scope.wikiId, organizers: { some: { userId, removedAt: null } } },
      orderBy: { id: "asc" },
      take: EVENTS_PER_USER_LIMIT,
    }),
  );
  return listItems(scope, events);
}

/** Events the user takes part in publicly (private registrations are never listed). */
export async function eventsByParticipant(deps: OpsDeps, scope: WikiScope, userId: number): Promise<EventListItem[]> {
  await requireVisibleUser(deps, userId);
  const events = await deps.database.read((db) =>
    db.eventRegistration.findMany({
      where: { wikiId: scope.wikiId, participants: { some: { userId, cancelledAt: null, private: false } } },
      orderBy: { id: "asc" },
      take: EVENTS_PER_USER_LIMIT,
    }),
  );
  return listItems(scope, events);
}
