// The wiki the browser tests run against: a page using a template, a search configuration with a
// facet, an event with registration enabled, and an account for the browser's user, all made
// over HTTP through the action and REST APIs, as any client would.
import { EventsTestClient } from "../../packages/http/test/events/support/rest-client.js";

export interface PwaWorld {
  admin: EventsTestClient;
  eventId: number;
  user: { name: string; password: string };
}

export const PAGE = "Offline Notes";
export const PAGE_TEXT = "{{Badge|offline}} Notes about working '''offline''', see [[Main Page]].";
export const SEARCH_CONFIG = "Room search";
export const EVENT_PAGE = "Event:PWA Meetup";

/** A 14-digit UTC timestamp `days` from now. */
const stamp = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

export async function buildWorld(origin: string, adminPassword: string): Promise<PwaWorld> {
  const admin = new EventsTestClient((request) => fetch(request, { redirect: "manual" }), origin);
  await admin.login("Admin", adminPassword);
  const token = await admin.token();
  await admin.action({ action: "userrights", user: "Admin", add: "event-organizer", token }, "POST");
  const edit = async (title: string, text: string) => {
    const answer = await admin.action({ action: "edit", title, text, token }, "POST");
    if (answer.edit?.result !== "Success") throw new Error(`editing ${title} failed: ${JSON.stringify(answer)}`);
  };

  await edit("Template:Badge", '<span class="badge">[{{{1}}}]</span>');
  await edit(PAGE, PAGE_TEXT);
  await edit("Property:Seats", "[[Has type::Number]]");
  await edit("Hall A", "A large hall for meetups. [[Building::Main]] [[Seats::120]]");
  await edit("Room 12", "A small meeting room. [[Building::Annex]] [[Seats::12]]");
  await edit("Room 7", "Quiet room for meetings. [[Building::Annex]] [[Seats::8]]");
  await edit(SEARCH_CONFIG, "{{#wikisearchconfig:Building|?Seats|fallback sorts=Seats.desc}}");
  await edit(EVENT_PAGE, "A meetup to try the offline app.");

  const enabled = await admin.rest("POST", "/campaignevents/v0/event_registration", {
    body: { event_page: EVENT_PAGE, timezone: "UTC", start_time: stamp(10), end_time: stamp(11), online_meeting: true, meeting_url: "https://meet.example.org/pwa", token },
  });
  if (enabled.status !== 201) throw new Error(`enabling the registration failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);

  const user = { name: "Pwa Tester", password: "pwa-tester-password-1" };
  const made = await admin.action(
    { action: "createaccount", username: user.name, password: user.password, retype: user.password, createtoken: await admin.token("createaccount"), createreturnurl: origin },
    "POST",
  );
  if (made.createaccount?.status !== "PASS") throw new Error(`createaccount failed: ${JSON.stringify(made)}`);
  return { admin, eventId: enabled.body.id as number, user };
}

/** The latest wikitext of a page, read over HTTP. */
export async function serverWikitext(client: EventsTestClient, title: string): Promise<string | null> {
  const answer = await client.action({ action: "query", prop: "revisions", rvprop: "content", rvslots: "main", titles: title });
  return answer.query?.pages?.[0]?.revisions?.[0]?.slots?.main?.content ?? null;
}

/** Participants of an event as its organizer sees them (private ones included). */
export async function serverParticipants(client: EventsTestClient, eventId: number): Promise<Array<{ user_name?: string; private: boolean }>> {
  const answer = await client.rest("GET", `/campaignevents/v0/event_registration/${eventId}/participants`, { query: { include_private: "true" } });
  return answer.body;
}
