// Event registration domain (CampaignEvents-compatible): registrations, organizers, participants,
// participant questions and tracking tools, over tables of its own in the store's database file.
export { openEventsService, createEventsService, type EventsService, type EventsServiceOptions } from "./service";
export { openEventsDatabase, EVENTS_MIGRATIONS_TABLE, type EventsDatabase } from "./db/database";
export { EventsError } from "./errors";
export type { Actor, AccountStanding, UserDirectory, UserVisibility, WikiScope } from "./context";
export { storeUserDirectory } from "./store/directory";
export { storeWikiScope } from "./store/scope";
export { TRACKING_TOOL_ID, validateEventData, type EventDataInput, type EventData } from "./rules/event-data";
export { QUESTIONS, DEFAULT_QUESTION_IDS, type Question } from "./rules/questions";
export { RIGHT_ENABLE, RIGHT_ORGANIZE, RIGHT_DELETE } from "./rules/permissions";
export { parseTimeZone, wallClockToUtc, type EventZone } from "./time/timezone";
export { normalizeTimestampInput, parseTsMw, toTsMw, formatHumanUtc } from "./time/timestamp";
export { isValidEventUrl } from "./rules/url";
export { MAX_ORGANIZERS, ORGANIZERS_PAGE_SIZE, type OrganizerItem } from "./ops/organizers";
export { PARTICIPANTS_PAGE_SIZE, type ParticipantItem, type ParticipantQuery, type OwnRegistration, type RemovalResult } from "./ops/participants";
export type { RegistrationDetails, EventListItem, EventStatus } from "./ops/registrations";
export type { QuestionDescription } from "./ops/questions";
export type { ChangePoint, EventChange, ParticipationChange } from "./ops/changes";
