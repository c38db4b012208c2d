// Hostile and malformed requests to every campaignevents route: always the documented 4xx, never a 5xx.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createHandler, registerEventRoutes, type Handler } from "../../src/index.js";
import { EventsTestClient } from "./support/rest-client.js";

const ORIGIN = "http://127.0.0.1:3000";
const ADMIN_PASSWORD = "admin-password-for-bad-input";
const BASE = "/campaignevents/v0";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
let admin: EventsTestClient;
let eventId: number;
const stamp = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-events-bad-"));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  store = await openStore({ dataDir });
  handler = createHandler({ store, secret: "events-bad-input", maxBodyBytes: 64 * 1024 }, [registerEventRoutes]);
  admin = new EventsTestClient(handler, ORIGIN);
  await admin.login("Admin", ADMIN_PASSWORD);
  const edit = await admin.action({ action: "edit", title: "Event:Bad input", text: "x", token: await admin.token() }, "POST");
  expect(edit.edit.result).toBe("Success");
  const created = await admin.rest("POST", `${BASE}/event_registration`, {
    body: { event_page: "Event:Bad input", timezone: "UTC", start_time: stamp(1), end_time: stamp(2), online_meeting: true, token: await admin.token() },
  });
  expect(created.status).toBe(201);
  eventId = created.body.id;
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const writeRoutes = () => [
  { method: "POST", path: `${BASE}/event_registration`, fields: ["event_page", "chat_url", "tracking_tool_id", "tracking_tool_event_id", "timezone", "start_time", "end_time", "online_meeting", "inperson_meeting", "meeting_url", "meeting_country", "meeting_address"] },
  { method: "PUT", path: `${BASE}/event_registration/${eventId}`, fields: ["status", "event_page", "timezone", "start_time", "end_time", "online_meeting", "meeting_url"] },
  { method: "PUT", path: `${BASE}/edit_event_registration?id=${eventId}`, fields: ["status", "event_page", "timezone"] },
  { method: "PUT", path: `${BASE}/event_registration/${eventId}/organizers`, fields: ["organizer_usernames"] },
  { method: "PUT", path: `${BASE}/event_registration/${eventId}/participants/self`, fields: ["is_private", "answers"] },
  { method: "DELETE", path: `${BASE}/event_registration/${eventId}/participants`, fields: ["user_ids", "invert_users"] },
  { method: "DELETE", path: `${BASE}/event_registration/${eventId}/participants/self`, fields: [] },
];

const WEIRD_VALUES: unknown[] = [null, 0, -1, 1.5, 1e300, "", " ", "x", "|", "<b>", true, false, [], [1, "a"], [null], {}, { value: 1 }, "99999999999999999999", "a".repeat(70_000)];

describe("campaignevents routes under bad input", () => {
  it("answer malformed JSON, non-object JSON and unsupported content types with 400/415", async () => {
    for (const route of writeRoutes()) {
      const [pathname, search] = route.path.split("?");
      const query = Object.fromEntries(new URLSearchParams(search ?? ""));
      for (const [raw, type, status, key] of [
        ["{not json", "application/json", 400, "rest-json-body-parse-error"],
        ["[1,2]", "application/json", 400, "rest-json-body-parse-error"],
        ["\"str\"", "application/json", 400, "rest-json-body-parse-error"],
        ["hello", "text/plain", 415, "rest-unsupported-content-type"],
      ] as const) {
        const answer = await admin.rest(route.method, pathname!, { query, rawBody: raw, headers: { "content-type": type } });
        expect([route.path, raw, answer.status, answer.body.errorKey]).toEqual([route.path, raw, status, key]);
      }
    }
  });

  it("take the id of the edit alias from the query or the body, and require it", async () => {
    const body = { event_page: "Event:Bad input", timezone: "UTC", start_time: stamp(1), end_time: stamp(2), online_meeting: true, status: "open", token: await admin.token() };
    expect((await admin.rest("PUT", `${BASE}/edit_event_registration`, { query: { id: String(eventId) }, body })).status).toBe(204);
    expect((await admin.rest("PUT", `${BASE}/edit_event_registration`, { body: { ...body, id: eventId } })).status).toBe(204);
    const missing = await admin.rest("PUT", `${BASE}/edit_event_registration`, { body });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errorKey: "missingparam", name: "id" });
    const undeclared = await admin.rest("PUT", `${BASE}/event_registration/${eventId}`, { body: { ...body, id: eventId } });
    expect(undeclared.body.errorKey).toBe("rest-extraneous-body-fields");
  });

  it("refuse undeclared body fields", async () => {
    const answer = await admin.rest("PUT", `${BASE}/event_registration/${eventId}/participants/self`, {
      body: { is_private: false, token: await admin.token(), surprise: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorKey: "rest-extraneous-body-fields", failureCode: "extraneous-body-fields" });
  });

  it("report wrong JSON types with MediaWiki's failure codes", async () => {
    const token = await admin.token();
    const cases: [string, string, unknown, string][] = [
      ["PUT", `/event_registration/${eventId}/participants/self`, { is_private: "yes" }, "badbool-type"],
      ["PUT", `/event_registration/${eventId}/participants/self`, { is_private: 1 }, "badbool-type"],
      ["DELETE", `/event_registration/${eventId}/participants`, { user_ids: 5 }, "multivalue-must-be-array"],
      ["DELETE", `/event_registration/${eventId}/participants`, { user_ids: ["7"] }, "badinteger-type"],
      ["DELETE", `/event_registration/${eventId}/participants`, { user_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, "toomanyvalues"],
      ["PUT", `/event_registration/${eventId}/organizers`, { organizer_usernames: "Admin" }, "multivalue-must-be-array"],
      ["PUT", `/event_registration/${eventId}/organizers`, { organizer_usernames: [5] }, "needstring"],
      ["POST", `/event_registration`, { event_page: 5 }, "needstring"],
      ["POST", `/event_registration`, { event_page: "Event:Bad input", timezone: "UTC", start_time: {}, end_time: stamp(2) }, "badtimestamp"],
      ["POST", `/event_registration`, { event_page: "Event:Bad input", timezone: 3 }, "needstring"],
      ["POST", `/event_registration`, { event_page: "Event:Bad input", timezone: "x".repeat(65) }, "maxbytes"],
    ];
    for (const [method, route, body, code] of cases) {
      const answer = await admin.rest(method, `${BASE}${route}`, { body: { ...(body as object), token } });
      expect([route, JSON.stringify(body).slice(0, 60), answer.status, answer.body.errorKey, answer.body.failureCode]).toEqual([
        route, JSON.stringify(body).slice(0, 60), 400, "rest-body-validation-error", code,
      ]);
    }
  });

  it("refuse bad path and query parameters", async () => {
    for (const [p, status, key] of [
      [`${BASE}/event_registration/abc`, 400, "badinteger"],
      [`${BASE}/event_registration/1.5`, 400, "badinteger"],
      [`${BASE}/event_registration/99999999999999999999`, 400, "badinteger"],
      [`${BASE}/event_registration/-4`, 404, "campaignevents-rest-event-not-found"],
      [`${BASE}/event_registration/${eventId}/participants?include_private=maybe`, 400, "badbool"],
      [`${BASE}/event_registration/${eventId}/participants?include_private=0&last_participant_id=x`, 400, "badinteger"],
      [`${BASE}/event_registration/${eventId}/organizers?last_organizer_id=1e3`, 400, "badinteger"],
      [`${BASE}/organizer/x/event_registrations`, 400, "badinteger"],
      [`${BASE}/participant_questions?question_ids=1|x`, 400, "badinteger"],
    ] as const) {
      const [pathname, search] = p.split("?");
      const answer = await admin.rest("GET", pathname!, { query: Object.fromEntries(new URLSearchParams(search ?? "")) });
      expect([p, answer.status, answer.body.errorKey]).toEqual([p, status, key]);
    }
  });

  it("answer a body over the limit with 413 and a wrong method with 405", async () => {
    const big = await admin.rest("PUT", `${BASE}/event_registration/${eventId}/participants/self`, { rawBody: JSON.stringify({ x: "a".repeat(70_000) }), headers: { "content-type": "application/json" } });
    expect(big.status).toBe(413);
    const wrong = await admin.rest("PATCH", `${BASE}/event_registration/${eventId}`);
    expect(wrong.status).toBe(405);
  });

  it("never answer 5xx, whatever value any field gets", async () => {
    const token = await admin.token();
    let requests = 0;
    for (const route of writeRoutes()) {
      const [pathname, search] = route.path.split("?");
      const query = Object.fromEntries(new URLSearchParams(search ?? ""));
      const valid: Record<string, unknown> = {
        event_page: "Event:Bad input", timezone: "UTC", start_time: stamp(1), end_time: stamp(2), online_meeting: true, status: "open",
        organizer_usernames: ["Admin"], is_private: false,
      };
      for (const field of route.fields) {
        for (const value of WEIRD_VALUES) {
          const body = { ...Object.fromEntries(route.fields.map((f) => [f, valid[f]]).filter(([, v]) => v !== undefined)), [field]: value, token };
          const answer = await admin.rest(route.method, pathname!, { query, body });
          requests++;
          expect([route.path, field, JSON.stringify(value)?.slice(0, 40), answer.status < 500]).toEqual([route.path, field, JSON.stringify(value)?.slice(0, 40), true]);
        }
      }
    }
    expect(requests).toBeGreaterThan(400);
  });
});
