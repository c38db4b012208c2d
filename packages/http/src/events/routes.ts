/**
 * The CampaignEvents-compatible REST routes (`/w/rest.php/campaignevents/v0/...`). Each handler
 * only reads parameters in the documented order, checks CSRF and calls the events domain.
 */
import type { EventDataInput } from "@wikiloom/events";
import type { SiteConfig } from "@wikiloom/wikitext";
import type { HandlerDeps } from "../deps.js";
import { jsonResponse } from "../errors.js";
import type { RestHandler, RestRouter } from "../rest/router.js";
import { boolQuery, intListQuery, intParam, type BodyReader } from "./params.js";
import { actorOf, asRestError, callerOf, checkCsrf, eventsServiceFor, readBody, scopeFor } from "./request.js";

const BASE = "/campaignevents/v0";
// Storage limits of CampaignEvents' columns, in UTF-8 bytes.
const URL_MAX_BYTES = 65_530;
const COUNTRY_MAX_BYTES = 255;
const ADDRESS_MAX_BYTES = 8_192;
const TOOL_EVENT_ID_MAX_BYTES = 512;
const TIMEZONE_MAX_BYTES = 64;

/** The enable/edit fields, in the order the reference validates them. */
function readEventData(body: BodyReader, site: SiteConfig): EventDataInput {
  return {
    page: body.title("event_page", site),
    chatUrl: body.string("chat_url", { maxBytes: URL_MAX_BYTES }),
    trackingToolId: body.string("tracking_tool_id", { maxBytes: 255 }),
    trackingToolEventId: body.string("tracking_tool_event_id", { maxBytes: TOOL_EVENT_ID_MAX_BYTES }),
    timezone: body.string("timezone", { required: true, maxBytes: TIMEZONE_MAX_BYTES })!,
    startTime: body.timestamp("start_time", true)!,
    endTime: body.timestamp("end_time", true)!,
    onlineMeeting: body.bool("online_meeting"),
    inpersonMeeting: body.bool("inperson_meeting"),
    meetingUrl: body.string("meeting_url", { maxBytes: URL_MAX_BYTES }),
    meetingCountry: body.string("meeting_country", { maxBytes: COUNTRY_MAX_BYTES }),
    meetingAddress: body.string("meeting_address", { maxBytes: ADDRESS_MAX_BYTES }),
  };
}

const noContent = () => new Response(null, { status: 204 });

/** Wraps a handler so domain refusals are answered as REST errors. */
function domain(handler: RestHandler): RestHandler {
  return async (request, params) => {
    try {
      return await handler(request, params);
    } catch (error) {
      throw asRestError(error);
    }
  };
}

export function registerEventRoutes(router: RestRouter, deps: HandlerDeps): void {
  const { store } = deps;
  const service = () => eventsServiceFor(store);
  const pathId = (params: Record<string, string>, name = "id") => intParam("path", name, params[name] ?? null, true)!;

  router.add("POST", `${BASE}/event_registration`, domain(async (request) => {
    const body = await readBody(request, deps);
    const events = await service();
    const scope = await scopeFor(events, store, request);
    const data = readEventData(body, scope.site);
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    const id = await events.enable(scope, actorOf(auth), data);
    const location = new URL(`/w/rest.php${BASE}/event_registration/${id}`, request.url).toString();
    return jsonResponse({ id }, 201, { location });
  }));

  const edit = (idFrom: "path" | "alias"): RestHandler => domain(async (request, params) => {
    const body = await readBody(request, deps);
    let id: number;
    if (idFrom === "path") id = pathId(params);
    else {
      // The interface's alias carries the id in the query string or as a body field.
      const fromQuery = new URL(request.url).searchParams.get("id");
      const fromBody = body.any("id");
      id = intParam("query", "id", fromQuery ?? (fromBody === undefined ? null : String(fromBody)), true)!;
    }
    const events = await service();
    const scope = await scopeFor(events, store, request);
    const status = body.enumValue("status", ["open", "closed"] as const, true)!;
    const data = readEventData(body, scope.site);
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    await events.edit(scope, actorOf(auth), id, status, data);
    return noContent();
  });
  router.add("PUT", `${BASE}/event_registration/{id}`, edit("path"));
  router.add("PUT", `${BASE}/edit_event_registration`, edit("alias"));

  router.add("GET", `${BASE}/event_registration/{id}`, domain(async (request, params) => {
    const id = pathId(params);
    const events = await service();
    return jsonResponse(await events.details(await scopeFor(events, store, request), id));
  }));

  router.add("DELETE", `${BASE}/event_registration/{id}`, domain(async (request, params) => {
    const body = await readBody(request, deps);
    const id = pathId(params);
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    await (await service()).delete(actorOf(auth), id);
    return noContent();
  }));

  router.add("GET", `${BASE}/event_registration/{id}/organizers`, domain(async (request, params) => {
    const id = pathId(params);
    const after = intParam("query", "last_organizer_id", new URL(request.url).searchParams.get("last_organizer_id"), false);
    const events = await service();
    return jsonResponse(await events.listOrganizers(await scopeFor(events, store, request), id, after));
  }));

  router.add("PUT", `${BASE}/event_registration/{id}/organizers`, domain(async (request, params) => {
    const body = await readBody(request, deps);
    const id = pathId(params);
    const names = body.userNames("organizer_usernames", true)!;
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    await (await service()).setOrganizers(actorOf(auth), id, names);
    return noContent();
  }));

  router.add("GET", `${BASE}/event_registration/{id}/participants`, domain(async (request, params) => {
    const id = pathId(params);
    const query = new URL(request.url).searchParams;
    const includePrivate = boolQuery("include_private", query.get("include_private"), true)!;
    const afterId = intParam("query", "last_participant_id", query.get("last_participant_id"), false);
    const usernameFilter = query.get("username_filter");
    const excludeUserIds = intListQuery("exclude_users", query.get("exclude_users")) ?? [];
    const auth = await callerOf(request, store);
    const events = await service();
    const scope = await scopeFor(events, store, request);
    return jsonResponse(await events.listParticipants(scope, actorOf(auth), id, { includePrivate, afterId, usernameFilter, excludeUserIds }));
  }));

  router.add("DELETE", `${BASE}/event_registration/{id}/participants`, domain(async (request, params) => {
    const body = await readBody(request, deps);
    const id = pathId(params);
    const userIds = body.intList("user_ids") ?? null;
    const invert = body.bool("invert_users") ?? false;
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    const result = await (await service()).removeParticipants(actorOf(auth), id, userIds, invert);
    return jsonResponse(result);
  }));

  router.add("PUT", `${BASE}/event_registration/{id}/participants/self`, domain(async (request, params) => {
    const body = await readBody(request, deps);
    const id = pathId(params);
    const isPrivate = body.bool("is_private", true)!;
    const answers = body.any("answers");
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    return jsonResponse({ modified: await (await service()).register(actorOf(auth), id, isPrivate, answers) });
  }));

  router.add("DELETE", `${BASE}/event_registration/{id}/participants/self`, domain(async (request, params) => {
    const body = await readBody(request, deps);
    const id = pathId(params);
    body.rejectUndeclared();
    const auth = await callerOf(request, store);
    await checkCsrf(store, auth, body);
    return jsonResponse({ modified: await (await service()).cancel(actorOf(auth), id) });
  }));

  router.add("GET", `${BASE}/event_registration/{id}/participants/self`, domain(async (request, params) => {
    const id = pathId(params);
    const auth = await callerOf(request, store);
    return jsonResponse(await (await service()).ownRegistration(actorOf(auth), id));
  }));

  // The interface document lists 201 as the success status of both per-user lists.
  router.add("GET", `${BASE}/organizer/{userid}/event_registrations`, domain(async (request, params) => {
    const userId = pathId(params, "userid");
    const events = await service();
    return jsonResponse(await events.eventsByOrganizer(await scopeFor(events, store, request), userId), 201);
  }));

  router.add("GET", `${BASE}/participant/{userid}/event_registrations`, domain(async (request, params) => {
    const userId = pathId(params, "userid");
    const events = await service();
    return jsonResponse(await events.eventsByParticipant(await scopeFor(events, store, request), userId), 201);
  }));

  router.add("GET", `${BASE}/participant_questions`, domain(async (request) => {
    const ids = intListQuery("question_ids", new URL(request.url).searchParams.get("question_ids"));
    const questions = (await service()).questions(ids);
    // An empty mapping is an empty JSON array, as PHP encodes it.
    return jsonResponse(Object.keys(questions).length === 0 ? [] : questions);
  }));
}
