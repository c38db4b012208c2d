/**
 * Seeding helpers shared by the robustness, security, durability and load tests: accounts,
 * OAuth tokens, pages and event registrations made through the public APIs, over any transport
 * (an in-process handler or fetch to a started server).
 */
import { EventsTestClient, type Transport } from "../../../packages/http/test/events/support/rest-client.js";

import type { RouteIds } from "../routes.js";

export { EventsTestClient, type Transport };

export const EVENTS_BASE = "/campaignevents/v0";

/** A 14-digit UTC timestamp `days` from now, as the events API takes them. */
export function eventStamp(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export interface Account {
  id: number;
  name: string;
  password: string;
  /** Logged in with a cookie session. */
  client: EventsTestClient;
}

/** Creates an account through `admin` (with groups when given) and logs it in on a new client. */
export async function createAccount(admin: EventsTestClient, transport: Transport, name: string, password: string, groups: string[] = []): Promise<Account> {
  const made = await admin.action(
    { action: "createaccount", username: name, password, retype: password, createtoken: await admin.token("createaccount"), createreturnurl: admin.origin },
    "POST",
  );
  if (made.createaccount?.status !== "PASS") throw new Error(`account ${name} not created: ${JSON.stringify(made)}`);
  if (groups.length > 0) {
    const rights = await admin.action({ action: "userrights", user: name, add: groups.join("|"), token: await admin.token() }, "POST");
    if (rights.error) throw new Error(`groups of ${name} not set: ${JSON.stringify(rights)}`);
  }
  const client = new EventsTestClient(transport, admin.origin);
  await client.login(name, password);
  const id = (await client.action({ action: "query", meta: "userinfo" })).query.userinfo.id as number;
  return { id, name, password, client };
}

/** An OAuth bearer token of the client's user, and its id (for revocation). */
export async function createOAuthToken(client: EventsTestClient, opts: { expiry?: string } = {}): Promise<{ id: number; token: string }> {
  const answer = await client.action(
    { action: "oauthtoken", operation: "create", name: "tests", ...(opts.expiry ? { expiry: opts.expiry } : {}), token: await client.token() },
    "POST",
  );
  if (!answer.oauthtoken?.token) throw new Error(`no OAuth token: ${JSON.stringify(answer)}`);
  return { id: answer.oauthtoken.id, token: answer.oauthtoken.token };
}

/** A new client that authenticates with a bearer token only. */
export function bearerClient(transport: Transport, origin: string, token: string): EventsTestClient {
  const client = new EventsTestClient(transport, origin);
  client.bearer = token;
  return client;
}

export async function editPage(client: EventsTestClient, title: string, text: string): Promise<{ revid: number }> {
  const answer = await client.action({ action: "edit", title, text, token: await client.token() }, "POST");
  if (answer.edit?.result !== "Success") throw new Error(`edit of ${title} failed: ${JSON.stringify(answer)}`);
  return { revid: answer.edit.newrevid };
}

/** Creates the event page and enables an online registration on it; returns the registration id. */
export async function createEvent(organizer: EventsTestClient, page: string): Promise<number> {
  await editPage(organizer, page, `An event for the tests: ${page}.`);
  const created = await organizer.rest("POST", `${EVENTS_BASE}/event_registration`, {
    body: { event_page: page, timezone: "UTC", start_time: eventStamp(1), end_time: eventStamp(2), online_meeting: true, token: await organizer.token() },
  });
  if (created.status !== 201) throw new Error(`event ${page} not enabled: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as number;
}

/**
 * The world every robustness route needs (a page, a search configuration, events, another account,
 * OAuth tokens), created through the APIs. Returns the ids the route table fills in and a bearer
 * header for the Admin: it passes authentication and CSRF, so hostile input reaches each route's
 * own validation rather than stopping at the login check.
 */
export async function seedRobustnessWorld(
  admin: EventsTestClient,
  transport: Transport,
  pageText: string,
): Promise<{ ids: RouteIds; auth: Record<string, string> }> {
  const { revid } = await editPage(admin, "Robustness page", pageText);
  await editPage(admin, "Template:Robust template", "from a template");
  await editPage(admin, "Robustness deletable", "to be deleted");
  await editPage(admin, "Robustness search", "{{#wikisearchconfig:Tag|?Title}}\nrobust search [[Tag::robust]]");
  const searchPageId = (await admin.action({ action: "query", prop: "info", titles: "Robustness search" })).query.pages[0].pageid;
  const eventId = await createEvent(admin, "Event:Robustness");
  const deletableEventId = await createEvent(admin, "Event:Robustness deletable");
  const target = await createAccount(admin, transport, "Robust target", "robust-target-password");
  const spare = await createOAuthToken(admin);
  const adminId = (await admin.action({ action: "query", meta: "userinfo" })).query.userinfo.id;
  const ids: RouteIds = { revid, title: "Robustness page", eventId, deletableEventId, adminId, targetUser: target.name, spareTokenId: spare.id, searchPageId };
  return { ids, auth: { authorization: `Bearer ${(await createOAuthToken(admin)).token}` } };
}
