/**
 * The event data rules of enable and edit, evaluated in CampaignEvents' order; the first failing
 * rule is the one reported (400 with its message key).
 */
import { NS_EVENT } from "@wikiloom/wiki";
import type { Title } from "@wikiloom/wikitext";
import { invalid } from "../errors";
import { parseTimeZone, wallClockToUtc, type EventZone } from "../time/timezone";
import { parseTsMw } from "../time/timestamp";
import { isValidEventUrl } from "./url";

/** The only tracking tool this product knows (Programs and Events dashboard). */
export const TRACKING_TOOL_ID = "example-pe-dashboard";

/** Event fields as sent by a client, after parameter typing (absent and null both mean "not given"). */
export interface EventDataInput {
  page: Title;
  chatUrl?: string | null;
  trackingToolId?: string | null;
  trackingToolEventId?: string | null;
  timezone: string;
  /** TS_MW, local time of `timezone`. */
  startTime: string;
  endTime: string;
  onlineMeeting?: boolean | null;
  inpersonMeeting?: boolean | null;
  meetingUrl?: string | null;
  meetingCountry?: string | null;
  meetingAddress?: string | null;
}

/** What lookups the rules need from the wiki. */
export interface PageFacts {
  exists: boolean;
}

/** Validated, normalised event data ready to store. */
export interface EventData {
  pageNamespace: number;
  pageDbKey: string;
  chatUrl: string | null;
  trackingToolId: string | null;
  trackingToolEventId: string | null;
  timezone: string;
  startLocal: string;
  endLocal: string;
  startUtc: Date;
  endUtc: Date;
  onlineMeeting: boolean;
  inpersonMeeting: boolean;
  meetingUrl: string | null;
  meetingCountry: string | null;
  meetingAddress: string | null;
}

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

function checkPage(page: Title, facts: PageFacts): void {
  if (page.interwiki) throw invalid("campaignevents-error-invalid-title-interwiki", "The event page must be a page of this wiki.");
  if (page.ns < 0) throw invalid("campaignevents-error-page-not-event-namespace", "The event page must be in the Event namespace.");
  if (!facts.exists) throw invalid("campaignevents-error-page-not-found", "The event page does not exist.");
  if (page.ns !== NS_EVENT) throw invalid("campaignevents-error-page-not-event-namespace", "The event page must be in the Event namespace.");
}

function checkTracking(input: EventDataInput): void {
  const tool = given(input.trackingToolId);
  const eventId = given(input.trackingToolEventId);
  if (tool && !eventId) throw invalid("campaignevents-error-trackingtool-without-eventid", "A tracking tool needs the id of the event in that tool.");
  if (eventId && !tool) throw invalid("campaignevents-error-trackingtool-eventid-without-toolid", "An event id in a tracking tool needs the tool's id.");
  if (tool && input.trackingToolId !== TRACKING_TOOL_ID) throw invalid("campaignevents-error-invalid-trackingtool", "Unknown tracking tool.");
}

function checkDates(input: EventDataInput, zone: EventZone, creating: boolean, now: Date): { startUtc: Date; endUtc: Date } {
  const start = parseTsMw(input.startTime);
  if (input.startTime === "") throw invalid("campaignevents-error-empty-start", "The start time is empty.");
  if (!start) throw invalid("campaignevents-error-invalid-start", "The start time is not a valid timestamp.");
  const startUtc = wallClockToUtc(start, zone);
  if (creating && startUtc.getTime() < Math.floor(now.getTime() / 1000) * 1000) {
    throw invalid("campaignevents-error-start-past", "The event cannot start in the past.");
  }
  const end = parseTsMw(input.endTime);
  if (input.endTime === "") throw invalid("campaignevents-error-empty-end", "The end time is empty.");
  if (!end) throw invalid("campaignevents-error-invalid-end", "The end time is not a valid timestamp.");
  const endUtc = wallClockToUtc(end, zone);
  if (startUtc.getTime() > endUtc.getTime()) throw invalid("campaignevents-error-start-after-end", "The event cannot start after it ends.");
  return { startUtc, endUtc };
}

function checkMeeting(input: EventDataInput): void {
  const online = input.onlineMeeting === true;
  const inPerson = input.inpersonMeeting === true;
  if (!online && !inPerson) throw invalid("campaignevents-error-no-meeting-type", "An event must be online, in person, or both.");
  if (given(input.meetingUrl)) {
    if (!online) throw invalid("campaignevents-error-meeting-url-not-online", "Only online events have a meeting URL.");
    if (!isValidEventUrl(input.meetingUrl)) throw invalid("campaignevents-error-invalid-meeting-url", "The meeting URL is not valid.");
  }
  const country = given(input.meetingCountry);
  const address = given(input.meetingAddress);
  if (!inPerson) {
    if (country || address) throw invalid("campaignevents-error-countryoraddress-not-in-person", "Only in-person events have a country or address.");
    return;
  }
  // Either one alone is accepted as is; together, both must say something.
  if (country && address) {
    if (input.meetingCountry!.trim() === "") throw invalid("campaignevents-error-invalid-country", "The country is empty.");
    if (input.meetingAddress!.trim() === "") throw invalid("campaignevents-error-invalid-address", "The address is empty.");
  }
}

/**
 * Validates event data for enable (`creating`: the start may not be in the past) or edit, and
 * returns it normalised (zone name, trimmed texts, UTC instants).
 */
export function validateEventData(input: EventDataInput, facts: PageFacts, creating: boolean, now: Date): EventData {
  checkPage(input.page, facts);
  if (given(input.chatUrl) && !isValidEventUrl(input.chatUrl)) throw invalid("campaignevents-error-invalid-chat-url", "The chat URL is not valid.");
  checkTracking(input);
  const zone = parseTimeZone(input.timezone);
  if (!zone) throw invalid("campaignevents-error-invalid-timezone", "The time zone is not valid.");
  const { startUtc, endUtc } = checkDates(input, zone, creating, now);
  checkMeeting(input);
  const trimmed = (value: string | null | undefined) => (given(value) ? value.trim() : null);
  const online = input.onlineMeeting === true;
  const inPerson = input.inpersonMeeting === true;
  return {
    pageNamespace: input.page.ns,
    pageDbKey: input.page.dbKey,
    chatUrl: trimmed(input.chatUrl),
    trackingToolId: given(input.trackingToolId) ? input.trackingToolId : null,
    trackingToolEventId: given(input.trackingToolId) && given(input.trackingToolEventId) ? input.trackingToolEventId : null,
    timezone: zone.name,
    startLocal: input.startTime,
    endLocal: input.endTime,
    startUtc,
    endUtc,
    onlineMeeting: online,
    inpersonMeeting: inPerson,
    meetingUrl: online ? trimmed(input.meetingUrl) : null,
    // A blank country or address alone is accepted but says nothing: nothing is stored.
    meetingCountry: inPerson ? trimmed(input.meetingCountry) || null : null,
    meetingAddress: inPerson ? trimmed(input.meetingAddress) || null : null,
  };
}
