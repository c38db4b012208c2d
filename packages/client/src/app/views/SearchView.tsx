/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { runSearch, type SearchFilter, type SearchOutcome, type SearchParams, type SearchSort } from "../search.js";
import { href, navigate } from "../router.js";

const PAGE_SIZE = 10;

export function SearchView({ config, online }: { config: string; online: boolean }) {
  const [configInput, setConfigInput] = useState(config);
  const [termInput, setTermInput] = useState("");
  const [params, setParams] = useState<SearchParams>({ term: "", filters: [], sort: null, from: 0, limit: PAGE_SIZE });
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const [error, setError] = useState("");

  useEffect(() => setConfigInput(config), [config]);

  useEffect(() => {
    if (!config) return;
    let current = true;
    setError("");
    runSearch(config, params).then(
      (result) => current && setOutcome(result),
      (failure: Error) => {
        if (!current) return;
        setOutcome(null);
        setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [config, params, online]);

  const isActive = (filter: SearchFilter) => params.filters.some((f) => f.key === filter.key && f.value === filter.value);
  function toggle(filter: SearchFilter) {
    const filters = isActive(filter) ? params.filters.filter((f) => !(f.key === filter.key && f.value === filter.value)) : [...params.filters, filter];
    setParams({ ...params, filters, from: 0 });
  }
  function sortBy(value: string) {
    const [property, order] = value.split("\u0000");
    const sort: SearchSort | null = property ? { property, order: order === "desc" ? "desc" : "asc" } : null;
    setParams({ ...params, sort, from: 0 });
  }
  const sortable = outcome ? [...new Set(outcome.facets.map((f) => f.name))] : [];

  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading">Search</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (configInput !== config) navigate({ view: "search", config: configInput });
          setParams({ ...params, term: termInput, from: 0 });
        }}
      >
        <label for="search-config">Search configuration page</label>
        <input id="search-config" value={configInput} onInput={(e) => setConfigInput(e.currentTarget.value)} required />
        <label for="search-term">Words</label>
        <input id="search-term" type="search" value={termInput} onInput={(e) => setTermInput(e.currentTarget.value)} />{" "}
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {outcome && (
        <div>
          <p role="status" data-testid="search-total">
            {outcome.total} result{outcome.total === 1 ? "" : "s"}
            <span class="muted"> ({outcome.from === "server" ? "from the server" : "from the offline copy"})</span>
          </p>
          <label for="search-sort">Sort by</label>
          <select id="search-sort" onChange={(e) => sortBy(e.currentTarget.value)} value={params.sort ? `${params.sort.property}\u0000${params.sort.order}` : ""}>
            <option value="">Relevance</option>
            {sortable.flatMap((name) => [
              <option key={`${name}-asc`} value={`${name}\u0000asc`}>{name} (ascending)</option>,
              <option key={`${name}-desc`} value={`${name}\u0000desc`}>{name} (descending)</option>,
            ])}
          </select>
          <div class="facets" aria-label="Filters">
            {outcome.facets.map((facet) => (
              <div key={facet.name}>
                <h3>{facet.name}</h3>
                <ul>
                  {facet.buckets.map((bucket) => {
                    const filter = { key: facet.name, value: bucket.key };
                    return (
                      <li key={bucket.key}>
                        <button type="button" class={isActive(filter) ? "pressed" : ""} aria-pressed={isActive(filter)} data-facet={facet.name} onClick={() => toggle(filter)}>
                          {bucket.key} ({bucket.count})
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
          <ol start={params.from + 1} data-testid="search-hits">
            {outcome.hits.map((hit) => (
              <li key={hit.page}>
                <a href={href({ view: "page", title: hit.page })}>{hit.page}</a>
              </li>
            ))}
          </ol>
          <nav aria-label="Result pages">
            <button type="button" disabled={params.from === 0} onClick={() => setParams({ ...params, from: Math.max(0, params.from - PAGE_SIZE) })}>
              Previous
            </button>{" "}
            <button type="button" disabled={params.from + PAGE_SIZE >= outcome.total} onClick={() => setParams({ ...params, from: params.from + PAGE_SIZE })}>
              Next
            </button>
          </nav>
        </div>
      )}
    </section>
  );
}
