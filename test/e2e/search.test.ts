/**
 * The search API through the started server: pages with annotations saved with action=edit,
 * a configuration page, then meta=WikiSearch and meta=WikiSearchHighlight over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestApiClient } from "../../packages/http/test/support/api-client.js";
import { editPage, resultOf } from "../../packages/http/test/search/support.js";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-search-admin-password";
let server: RunningServer;
let admin: TestApiClient;
let token: string;
let configPage: number;

const edit = (title: string, text: string) => editPage(admin, token, title, text);

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  admin = new TestApiClient((request) => fetch(request, { redirect: "manual" }), server.url);
  expect((await admin.login("Admin", ADMIN_PASSWORD)).result).toBe("Success");
  token = await admin.csrf();
  await edit("Property:Seats", "[[Has type::Number]]");
  await edit("Hall A", "A large hall for meetups. [[Building::Main]] [[Seats::120]]");
  await edit("Room 12", "A small meeting room. {{#set:Building=Annex|Seats=12}}");
  await edit("Room 7", "Quiet room for meetings. [[Building::Annex]] [[Seats::8]]");
  configPage = await edit("Room search", "{{#wikisearchconfig:Building|?Seats|fallback sorts=Seats.desc}}");
});

afterAll(async () => {
  await server?.stop();
});

describe("search API on the started server", () => {
  it("finds, filters, aggregates and sorts", async () => {
    const client = new TestApiClient((request) => fetch(request), server.url);
    const { status, body } = await client.post({
      action: "query", meta: "WikiSearch", pageid: String(configPage), term: "meet",
      filter: JSON.stringify([{ key: "Seats", range: { gte: 10 } }]),
      sortings: JSON.stringify([{ type: "property", property: "Seats", order: "asc" }]),
    });
    expect(status).toBe(200);
    expect(body.error, JSON.stringify(body)).toBeUndefined();
    const result = resultOf(body);
    const titles = (JSON.parse(result.hits) as any[]).map((hit) => hit._source.subject.title);
    expect(titles).toEqual(["Room 12", "Hall A"]);
    expect(result.total.value).toBe(2);
    expect(result.aggs.Building.Building.buckets).toEqual([{ key: "Annex", doc_count: 1 }, { key: "Main", doc_count: 1 }]);
  });

  it("finds the seeded page's annotations and answers highlight words", async () => {
    const client = new TestApiClient((request) => fetch(request), server.url);
    const seeded = await client.get({ action: "query", meta: "WikiSearch", pageid: String(configPage), filter: JSON.stringify([{ key: "Has location", value: "Berlin" }]) });
    expect((JSON.parse(resultOf(seeded.body).hits) as any[]).map((hit) => hit._source.subject.title)).toEqual(["Community Meetup Berlin"]);
    const info = await client.get({ action: "query", prop: "info", titles: "Room 7" });
    const words = await client.get({ action: "query", meta: "WikiSearchHighlight", query: "meet", properties: "text_raw", page_id: String(info.body.query.pages[0].pageid), limit: "5" });
    expect(words.body.words).toEqual(["meetings"]);
  });

  it("answers action API errors for bad input", async () => {
    const client = new TestApiClient((request) => fetch(request), server.url);
    const missing = await client.get({ action: "query", meta: "WikiSearch" });
    expect(missing.body.error.code).toBe("missingparam");
    const badJson = await client.get({ action: "query", meta: "WikiSearch", pageid: String(configPage), filter: "[{" });
    expect(badJson.body.error.code).toBe("wikisearch-invalid-json");
    const badRange = await client.get({ action: "query", meta: "WikiSearch", pageid: String(configPage), filter: JSON.stringify([{ key: "Seats", range: { gte: "many" } }]) });
    expect(badRange.body.error.code).toBe("wikisearch-invalid-filter");
  });
});
