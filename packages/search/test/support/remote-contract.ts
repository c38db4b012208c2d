/**
 * The remote-backend contract, shared by the Elasticsearch and OpenSearch executors: for each
 * api-scenarios.json call, the request sent equals the reference's (index in the path, body as
 * sent), and the API answer built from the canned server response equals the reference's answer.
 * Each test file supplies a client over a recorded transport of its library.
 */
import { describe, expect, it } from "vitest";
import { parseConfigArgs, WikiSearch, type WikiRef, type WikiSearchOptions } from "../../src/index";
import { correctedBody } from "../../src/executor/remote";
import { FIXTURE_PROPERTIES, haveFixtures, readFixture, upperFirstTitle } from "./fixtures";
import type { Recorded } from "./recorded-transport";

/** A search service whose backend client answers `responses` in turn and records what it sent. */
export type RecordedBackend = (responses: unknown[]) => { options: Partial<WikiSearchOptions>; requests: Recorded[] };

interface ApiScenario {
  name: string;
  module: string;
  request: Record<string, string>;
  response?: { result?: { hits: string; total: unknown; aggs: unknown }; query?: unknown; words?: string[] };
  error?: { text: string; message_key?: string };
  es_requests: { index: string; body: Record<string, unknown> }[];
}

const scenarios: ApiScenario[] = haveFixtures ? readFixture<ApiScenario[]>("api-scenarios.json") : [];
const wiki: WikiRef = { id: 1, prefix: "mywiki", normalizeTitle: upperFirstTitle, namespaceName: (ns) => (ns === 0 ? "" : `NS${ns}`) };
/** Page 698 holds the reference's stored configuration; page 42 exists without one. */
const CONFIG_698 = parseConfigArgs(["Tag", "Version", "?Title", "default operator=and"]);

/** The canned backend answer behind a reference API answer. */
function cannedResponse(response: NonNullable<ApiScenario["response"]>): unknown {
  const result = response.result ?? { hits: JSON.stringify([{ _id: "4242", _score: 1, _source: { subject: { title: "Some page", namespace: 0 } }, highlight: { text_raw: ["the {@@_HIGHLIGHT_@@foo@@_HIGHLIGHT_@@} and {@@_HIGHLIGHT_@@bar@@_HIGHLIGHT_@@}", "again {@@_HIGHLIGHT_@@foo@@_HIGHLIGHT_@@}"], "P:109.txtField": ["{@@_HIGHLIGHT_@@Foo@@_HIGHLIGHT_@@}"] } }]), total: { value: 1, relation: "eq" }, aggs: {} };
  const hits = (JSON.parse(result.hits) as { _source: { subject: Record<string, unknown> } }[]).map((hit) => {
    const { namespacename: _dropped, ...subject } = hit._source.subject;
    return { ...hit, _source: { ...hit._source, subject } };
  });
  return { took: 1, timed_out: false, hits: { total: result.total, max_score: 1, hits }, aggregations: result.aggs };
}

function serviceWith(backend: RecordedBackend, responses: unknown[], debug: boolean) {
  const { options, requests } = backend(responses);
  const search = new WikiSearch({ ...options, databaseFile: ":memory:", debug });
  for (const p of FIXTURE_PROPERTIES) search.tables.addProperty(wiki.id, p.name, p.type, true);
  search.tables.writeConfig(698, wiki.id, CONFIG_698);
  return { search, requests };
}

async function call(search: WikiSearch, s: ApiScenario): Promise<unknown> {
  const r = s.request;
  if (s.module.endsWith("Highlight")) {
    if (r.limit === undefined) throw Object.assign(new Error("missingparam"), { code: "missingparam" });
    return search.highlight(wiki, {
      query: r.query!, properties: r.properties!.split(","), pageId: Number(r.page_id), limit: Number(r.limit),
      size: r.size ? Number(r.size) : undefined, highlighterType: r.highlighter_type,
    });
  }
  if (r.pageid === undefined) throw Object.assign(new Error("missingparam"), { code: "missingparam" });
  return search.search(wiki, { pageId: Number(r.pageid), term: r.term, filter: r.filter, limit: r.limit ? Number(r.limit) : undefined });
}

export function remoteContract(product: string, backend: RecordedBackend): void {
  describe.skipIf(!haveFixtures)(`${product} executor contract (api-scenarios.json, recorded transport)`, () => {
    it.each(scenarios.map((s) => [s.name, s] as const))("%s", async (name, s) => {
      // First answer: the indexing of the highlighted page (which the Elasticsearch sink forwards).
      const indexed = { _index: "smw-data-mywiki", _id: "42", result: "created" };
      const { search, requests } = serviceWith(backend, [indexed, ...(s.response ? [cannedResponse(s.response)] : [])], name === "A7-search-debug");
      // The highlighted page exists in the index (as document 42; the reference's stand-in calls it 4242).
      await search.indexPage(wiki, { pageId: 42, ns: 0, title: "Some page", prefixed: "Some page", text: "the foo and bar", modified: new Date(0) });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /smw-data-mywiki/_doc/42"]);
      requests.length = 0;
      const outcome = await call(search, s).then((value) => ({ value }), (error: { code?: string }) => ({ error }));
      if (name === "A4-search-page-without-config") {
        // Deliberate: a page without configuration is refused (the reference searched with an empty one).
        expect("error" in outcome && outcome.error.code).toBe("wikisearch-api-invalid-pageid");
        expect(requests).toEqual([]);
        return;
      }
      if (s.error) {
        const expected = s.error.message_key ?? (s.error.text.startsWith("missingparam") ? "missingparam" : /⧼(.*)⧽/.exec(s.error.text)?.[1]);
        expect("error" in outcome && outcome.error.code).toBe(expected);
        expect(requests).toEqual([]);
        return;
      }
      expect(outcome).toHaveProperty("value");
      const value = (outcome as { value: any }).value;
      // What went over the wire: the reference's request (sorts on numeric fields corrected), index in the path.
      const sent = s.es_requests.map((r) => ({ method: "POST", path: `/${r.index}/_search`, body: correctedBody(structuredClone(r.body) as any) }));
      if (s.module.endsWith("Highlight")) {
        const body = sent[0]!.body as any;
        body.query.bool.must[0].constant_score.filter.bool.must[0].bool.filter[0].term._id = "42";
      }
      expect(requests).toEqual(sent);
      if (s.response?.words) expect(value).toEqual({ words: s.response.words });
      if (s.response?.result) expect(value.result).toEqual(s.response.result);
      if (s.response?.query) expect(value.query).toEqual(s.response.query);
      else expect(value.query).toBeUndefined();
    });
  });
}
