/**
 * Elasticsearch through its official client (9.x). The client refuses servers that are not
 * Elasticsearch (its product check), so OpenSearch goes through ./opensearch.ts instead.
 */
import { Client, type ClientOptions } from "@elastic/elasticsearch";
import type { JsonObject } from "../query/dsl";
import { RemoteExecutor, RemoteSink, type RemoteSearchClient } from "./remote";

export { correctedBody } from "./remote";

/** The Elasticsearch client behind the shared remote interface. */
export function elasticsearchRemote(client: Client): RemoteSearchClient {
  return {
    // Body keys are top-level request properties in the 8.x/9.x client.
    search: (index, body) => client.search({ index, ...(body as Record<string, unknown>) }),
    put: async (index, id, document: JsonObject) => {
      await client.index({ index, id, document });
    },
    remove: async (index, id) => {
      await client.delete({ index, id }, { ignore: [404] });
    },
    close: () => client.close(),
  };
}

export class ElasticsearchExecutor extends RemoteExecutor {
  readonly client: Client;

  constructor(options: ClientOptions | Client) {
    const client = options instanceof Client ? options : new Client(options);
    super(elasticsearchRemote(client));
    this.client = client;
  }
}

export class ElasticsearchSink extends RemoteSink {
  constructor(client: Client) {
    super(elasticsearchRemote(client));
  }
}
