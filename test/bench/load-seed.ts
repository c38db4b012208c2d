/**
 * Seeds a started server for the load benchmark through its public APIs: corpus articles,
 * an event with participants (each with an OAuth token, for registration traffic), and a search
 * configuration page over pages carrying properties.
 */
import { createAccount, createEvent, createOAuthToken, editPage, EVENTS_BASE, bearerClient, EventsTestClient, type Transport } from "../robustness/support/world.js";
import type { Article } from "./corpus.js";

export interface SeededWorld {
  admin: EventsTestClient;
  articles: { title: string; revid: number; text: string }[];
  eventId: number;
  /** Bearer tokens of users not registered yet (the register/cancel traffic uses them). */
  registrantTokens: string[];
  searchPageId: number;
  searchTerms: string[];
}

export async function seedWorld(
  url: string,
  adminPassword: string,
  corpus: Article[],
  counts: { participants: number; registrants: number; searchPages: number },
): Promise<SeededWorld> {
  const transport: Transport = (request) => fetch(request, { redirect: "manual" });
  const admin = new EventsTestClient(transport, url);
  await admin.login("Admin", adminPassword);

  const articles = [];
  for (const article of corpus) {
    const title = `Load ${article.name.replace(/[^\w-]+/g, " ").trim()}`;
    const { revid } = await editPage(admin, title, article.text);
    articles.push({ title, revid, text: article.text });
  }

  const eventId = await createEvent(admin, "Event:Load meetup");
  const register = async (index: number, isPrivate: boolean) => {
    const account = await createAccount(admin, transport, `Load user ${index}`, `load-user-password-${index}`);
    const { token } = await createOAuthToken(account.client);
    return { token, client: bearerClient(transport, url, token), isPrivate };
  };
  for (let i = 0; i < counts.participants; i++) {
    const { client, isPrivate } = await register(i, i % 3 === 0);
    const answer = await client.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: isPrivate } });
    if (answer.status !== 200) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const registrantTokens = [];
  for (let i = 0; i < counts.registrants; i++) registrantTokens.push((await register(counts.participants + i, false)).token);

  const searchTerms = ["meetup", "river", "history", "festival", "science"];
  await editPage(admin, "Property:Has year", "[[Has type::Number]]");
  for (let i = 0; i < counts.searchPages; i++) {
    const term = searchTerms[i % searchTerms.length]!;
    await editPage(admin, `Load search page ${i}`, `A page about ${term} number ${i}. [[Tag::${term}]] [[Has year::${2000 + (i % 25)}]]`);
  }
  await editPage(admin, "Load search", "{{#wikisearchconfig:Tag|?Title|?Has year}}");
  const searchPageId = (await admin.action({ action: "query", prop: "info", titles: "Load search" })).query.pages[0].pageid as number;
  return { admin, articles, eventId, registrantTokens, searchPageId, searchTerms };
}
