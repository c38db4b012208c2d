/**
 * Seeding helpers shared by the robustness, security, durability and load tests: accounts,
 * OAuth tokens, pages and event registrations made through the public APIs, over any transport
 * (an in-process handler or fetch to a started server).
 */
import { EventsTestClient, type Transport } from "../../../packages/http/test/events/support/rest-client.js";

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
