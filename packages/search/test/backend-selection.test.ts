/**
 * Choosing the backend from configuration, and the remote write side over OpenSearch: saves put
 * documents, removals (page deletion) delete them, and a failing server surfaces as a backend
 * error rather than an empty result.
 */
import { describe, expect, it } from "vitest";
import { optionsFromEnv, remoteFor, toSearchResponse, WikiSearch, type WikiRef } from "../src/index";
import { recordedOpenSearchClient } from "./support/recorded-opensearch";
import { recordedClient } from "./support/recorded-transport";

const wiki: WikiRef = { id: 1, prefix: "MyWiki", normalizeTitle: (t) => t, namespaceName: () => "" };

describe("configuration", () => {
  it("reads the backend and its URL from the environment", () => {
    expect(optionsFromEnv({})).toEqual({ backend: undefined, elasticsearchUrl: undefined, opensearchUrl: undefined, debug: false });
    expect(optionsFromEnv({ WIKISEARCH_BACKEND: " OpenSearch ", WIKISEARCH_OPENSEARCH_URL: "http://127.0.0.1:9200 ", WIKISEARCH_DEBUG: "1" })).toEqual({
      backend: "opensearch", elasticsearchUrl: undefined, opensearchUrl: "http://127.0.0.1:9200", debug: true,
    });
    expect(() => optionsFromEnv({ WIKISEARCH_BACKEND: "solr" })).toThrow(/not one of embedded, elasticsearch, opensearch/);
  });

  it("picks embedded, Elasticsearch or OpenSearch, and refuses a backend without a server", () => {
    expect(remoteFor({})).toBeNull();
    expect(remoteFor({ backend: "embedded", opensearchUrl: "http://127.0.0.1:9200" })).toBeNull();
    expect(remoteFor({ opensearchUrl: "http://127.0.0.1:9200" })).not.toBeNull();
    expect(remoteFor({ elasticsearchUrl: "http://127.0.0.1:9200" })).not.toBeNull();
    expect(() => remoteFor({ backend: "opensearch", elasticsearchUrl: "http://127.0.0.1:9200" })).toThrow(/WIKISEARCH_OPENSEARCH_URL/);
    expect(() => remoteFor({ backend: "elasticsearch" })).toThrow(/WIKISEARCH_ELASTICSEARCH_URL/);
  });

  it("sends requests with the client of the chosen product", async () => {
    const os = recordedOpenSearchClient([{ result: "created" }]);
    const es = recordedClient([{ result: "created" }]);
    // Both clients given: the explicit backend decides.
    const search = new WikiSearch({ databaseFile: ":memory:", backend: "opensearch", opensearchClient: os.client, elasticsearchClient: es.client });
    await search.indexPage(wiki, { pageId: 7, ns: 0, title: "Seven", prefixed: "Seven", text: "seven", modified: new Date(0) });
    expect(os.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /smw-data-mywiki/_doc/7"]);
    expect(es.requests).toEqual([]);
  });
});

describe("OpenSearch write side", () => {
  it("puts saved pages with their raw text and deletes removed ones", async () => {
    const { client, requests } = recordedOpenSearchClient([{ result: "created" }, { result: "deleted" }]);
    const search = new WikiSearch({ databaseFile: ":memory:", opensearchClient: client });
    await search.indexPage(wiki, { pageId: 9, ns: 0, title: "Nine", prefixed: "Nine", text: "The [[Tag::Foo]] page", modified: new Date(0) });
    await search.removePage(wiki, 9);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /smw-data-mywiki/_doc/9", "DELETE /smw-data-mywiki/_doc/9"]);
    expect(requests[0]!.body).toMatchObject({ text_raw: "The [[Tag::Foo]] page", subject: { title: "Nine", namespace: 0 } });
    expect(search.tables.doc(9)).toBeFalsy();
  });

  it("reports a failing server as a backend error", async () => {
    const { client } = recordedOpenSearchClient([{ result: "created" }]); // no answer left for the search
    const search = new WikiSearch({ databaseFile: ":memory:", opensearchClient: client });
    await search.indexPage(wiki, { pageId: 3, ns: 0, title: "Config", prefixed: "Config", text: "{{#wikisearchconfig:Tag}}", modified: new Date(0) });
    await expect(search.search(wiki, { pageId: 3, term: "x" })).rejects.toMatchObject({ code: "wikisearch-backend-error" });
  });
});

describe("response mapping", () => {
  it("accepts integer totals and refuses answers without hits", () => {
    expect(toSearchResponse({ hits: { total: 3, max_score: 1.5, hits: [] } }).hits).toEqual({ total: { value: 3, relation: "eq" }, max_score: 1.5, hits: [] });
    expect(toSearchResponse({ hits: { total: { value: 10000, relation: "gte" }, hits: [] }, aggregations: { a: { buckets: [] } } })).toEqual({
      hits: { total: { value: 10000, relation: "gte" }, max_score: null, hits: [] }, aggregations: { a: { buckets: [] } },
    });
    expect(() => toSearchResponse({ error: "boom" })).toThrow(/no hits/);
  });
});
