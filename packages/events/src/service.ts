/**
 * The events service: the domain operations bound to a database, a user directory and a clock.
 * `openEventsService(store)` wires it to the wiki store's database file.
 */
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import type { Actor, UserDirectory, WikiScope } from "./context";
import { openEventsDatabase, type EventsDatabase } from "./db/database";
import type { EventDataInput } from "./rules/event-data";
import type { OpsDeps } from "./ops/deps";
import * as changes from "./ops/changes";
import * as organizers from "./ops/organizers";
import * as participants from "./ops/participants";
import { describeQuestions } from "./ops/questions";
import * as registrations from "./ops/registrations";
import { storeUserDirectory } from "./store/directory";
import { storeWikiScope } from "./store/scope";

export interface EventsService {
  readonly database: EventsDatabase;
  scope(wiki: Wiki): Promise<WikiScope>;
  enable(scope: WikiScope, actor: Actor | null, input: EventDataInput): Promise<number>;
  edit(scope: WikiScope, actor: Actor | null, id: number, status: registrations.EventStatus, input: EventDataInput): Promise<void>;
  delete(actor: Actor | null, id: number): Promise<void>;
  details(scope: WikiScope, id: number): Promise<registrations.RegistrationDetails>;
  eventsByOrganizer(scope: WikiScope, userId: number): Promise<registrations.EventListItem[]>;
  eventsByParticipant(scope: WikiScope, userId: number): Promise<registrations.EventListItem[]>;
  listOrganizers(scope: WikiScope, id: number, afterId: number | null): Promise<organizers.OrganizerItem[]>;
  setOrganizers(actor: Actor | null, id: number, names: readonly string[]): Promise<void>;
  register(actor: Actor | null, id: number, isPrivate: boolean, answers: unknown): Promise<boolean>;
  cancel(actor: Actor | null, id: number): Promise<boolean>;
  removeParticipants(actor: Actor | null, id: number, userIds: readonly number[] | null, invert: boolean): Promise<participants.RemovalResult>;
  listParticipants(scope: WikiScope, actor: Actor | null, id: number, query: participants.ParticipantQuery): Promise<participants.ParticipantItem[]>;
  ownRegistration(actor: Actor | null, id: number): Promise<participants.OwnRegistration>;
  questions(ids: readonly number[] | null): ReturnType<typeof describeQuestions>;
  /** Change feed of a wiki's event registrations (for client sync). */
  eventChangesSince(wikiId: number, point: changes.ChangePoint | null, limit: number): Promise<changes.EventChange[]>;
  /** Change feed of one user's own participations (for client sync). */
  participationChangesSince(userId: number, point: changes.ChangePoint | null, limit: number): Promise<changes.ParticipationChange[]>;
  close(): Promise<void>;
}

export interface EventsServiceOptions {
  database: EventsDatabase;
  directory: UserDirectory;
  scope: (wiki: Wiki) => Promise<WikiScope>;
  now?: () => Date;
}

export function createEventsService(options: EventsServiceOptions): EventsService {
  const deps: OpsDeps = { database: options.database, directory: options.directory, now: options.now ?? (() => new Date()) };
  return {
    database: options.database,
    scope: options.scope,
    enable: (scope, actor, input) => registrations.enableRegistration(deps, scope, actor, input),
    edit: (scope, actor, id, status, input) => registrations.editRegistration(deps, scope, actor, id, status, input),
    delete: (actor, id) => registrations.deleteRegistration(deps, actor, id),
    details: (scope, id) => registrations.registrationDetails(deps, scope, id),
    eventsByOrganizer: (scope, userId) => registrations.eventsByOrganizer(deps, scope, userId),
    eventsByParticipant: (scope, userId) => registrations.eventsByParticipant(deps, scope, userId),
    listOrganizers: (scope, id, afterId) => organizers.listOrganizers(deps, scope, id, afterId),
    setOrganizers: (actor, id, names) => organizers.setOrganizers(deps, actor, id, names),
    register: (actor, id, isPrivate, answers) => participants.registerParticipant(deps, actor, id, isPrivate, answers),
    cancel: (actor, id) => participants.cancelRegistration(deps, actor, id),
    removeParticipants: (actor, id, userIds, invert) => participants.removeParticipants(deps, actor, id, userIds, invert),
    listParticipants: (scope, actor, id, query) => participants.listParticipants(deps, scope, actor, id, query),
    ownRegistration: (actor, id) => participants.ownRegistration(deps, actor, id),
    questions: (ids) => describeQuestions(ids),
    eventChangesSince: (wikiId, point, limit) => changes.eventChangesSince(deps, wikiId, point, limit),
    participationChangesSince: (userId, point, limit) => changes.participationChangesSince(deps, userId, point, limit),
    close: () => options.database.close(),
  };
}

/** The events service over a wiki store's database (SQLite file or PostgreSQL). */
export async function openEventsService(store: WikiStore, opts: { now?: () => Date } = {}): Promise<EventsService> {
  const database = await openEventsDatabase(store.database);
  return createEventsService({
    database,
    directory: storeUserDirectory(store, database),
    scope: (wiki) => storeWikiScope(store, database, wiki),
    now: opts.now,
  });
}
