/** Chooses the search backend from the service options: embedded, Elasticsearch or OpenSearch. */
import { Client as ElasticsearchClient } from "@elastic/elasticsearch";
import { Client as OpenSearchClient } from "@opensearch-project/opensearch";
import { elasticsearchRemote } from "./elasticsearch";
import { opensearchRemote } from "./opensearch";
import type { RemoteSearchClient } from "./remote";

export type BackendName = "embedded" | "elasticsearch" | "opensearch";
export const BACKEND_NAMES: readonly BackendName[] = ["embedded", "elasticsearch", "opensearch"];

export interface BackendOptions {
  /** Default: OpenSearch or Elasticsearch when a client or URL for it is given, else embedded. */
  backend?: BackendName;
  /** Run searches on Elasticsearch at this URL instead of the embedded engine. */
  elasticsearchUrl?: string;
  /** Or an already configured client (tests pass one with a recorded transport). */
  elasticsearchClient?: ElasticsearchClient;
  /** Run searches on OpenSearch at this URL (the Elasticsearch client refuses OpenSearch servers). */
  opensearchUrl?: string;
  /** Or an already configured OpenSearch client. */
  opensearchClient?: OpenSearchClient;
}

/** The remote server to search on, or null for the embedded engine. Throws on contradictory settings. */
export function remoteFor(options: BackendOptions): RemoteSearchClient | null {
  const backend = options.backend ?? (options.opensearchClient || options.opensearchUrl ? "opensearch" : options.elasticsearchClient || options.elasticsearchUrl ? "elasticsearch" : "embedded");
  switch (backend) {
    case "embedded":
      return null;
    case "opensearch": {
      const client = options.opensearchClient ?? (options.opensearchUrl ? new OpenSearchClient({ node: options.opensearchUrl }) : null);
      if (!client) throw new Error("The OpenSearch backend needs a server URL (WIKISEARCH_OPENSEARCH_URL).");
      return opensearchRemote(client);
    }
    case "elasticsearch": {
      const client = options.elasticsearchClient ?? (options.elasticsearchUrl ? new ElasticsearchClient({ node: options.elasticsearchUrl }) : null);
      if (!client) throw new Error("The Elasticsearch backend needs a server URL (WIKISEARCH_ELASTICSEARCH_URL).");
      return elasticsearchRemote(client);
    }
    default:
      throw new Error(`Unknown search backend "${String(backend)}"; expected one of ${BACKEND_NAMES.join(", ")}.`);
  }
}
