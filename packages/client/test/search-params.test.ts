// The search view's translation to WikiSearch parameters and of aggregations to facets.
import { describe, expect, it } from "vitest";
import { apiParams, facetsOf } from "../src/app/search.js";

describe("search parameters", () => {
  it("encodes filters and the sort as the API's JSON text", () => {
    expect(apiParams({ term: "meet", filters: [{ key: "Building", value: "Annex" }], sort: { property: "Seats", order: "desc" }, from: 10, limit: 10 })).toEqual({
      term: "meet",
      from: 10,
      limit: 10,
      filter: '[{"key":"Building","value":"Annex"}]',
      sortings: '[{"type":"property","property":"Seats","order":"desc"}]',
    });
    expect(apiParams({ term: "", filters: [], sort: null, from: 0, limit: 10 })).toEqual({ term: "", from: 0, limit: 10 });
  });

  it("finds buckets one or two levels deep", () => {
    const aggs = {
      Building: { doc_count: 3, Building: { buckets: [{ key: "Annex", doc_count: 2 }, { key: "Main", doc_count: 1 }] } },
      Size: { buckets: [{ key: "*-50.0", doc_count: 2 }] },
      Empty: { doc_count: 0 },
    };
    expect(facetsOf(aggs)).toEqual([
      { name: "Building", buckets: [{ key: "Annex", count: 2 }, { key: "Main", count: 1 }] },
      { name: "Size", buckets: [{ key: "*-50.0", count: 2 }] },
    ]);
  });
});
