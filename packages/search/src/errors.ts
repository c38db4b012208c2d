/**
 * A search request the service refuses. `code` is the action API error code, `info` its text;
 * the HTTP layer turns it into `{"error": {"code", "info"}}`. Never used for internal faults.
 */
export class SearchError extends Error {
  readonly code: string;

  constructor(code: string, info: string) {
    super(info);
    this.name = "SearchError";
    this.code = code;
  }
}

export const invalidFilter = (why: string) => new SearchError("wikisearch-invalid-filter", `Invalid filter: ${why}.`);
export const invalidAggregation = (why: string) => new SearchError("wikisearch-invalid-aggregation", `Invalid aggregation: ${why}.`);
export const invalidSort = (why: string) => new SearchError("wikisearch-invalid-sort", `Invalid sort: ${why}.`);
