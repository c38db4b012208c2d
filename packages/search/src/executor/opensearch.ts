/**
 * OpenSearch through its official client (@opensearch-project/opensearch 3.x): the same
 * requests and answers as Elasticsearch (see ./remote.ts), with this client's conventions —
 * the body goes in `body`, answers come wrapped in `{ body, statusCode }`.
 */
import { Client, type ClientOptions } from "@opensearch-project/opensearch";
import { RemoteExecutor, RemoteSink, type RemoteSearchClient } from "./remote";

export type OpenSearchClient = Client;

/** The OpenSearch client behind the shared remote interface. */
export function opensearchRemote(client: Client): RemoteSearchClient {
  return {
    search: async (index, body) => (await client.search({ index, body: body as Record<string, unknown> })).body,
    put: async (index, id, document) => {
      await client.index({ index, id, body: document });
    },
    remove: async (index, id) => {
      await client.delete({ index, id }, { ignore: [404] });
    },
    close: () => client.close(),
  };
}

export class OpenSearchExecutor extends RemoteExecutor {
  readonly client: Client;

  constructor(options: ClientOptions | Client) {
    const client = options instanceof Client ? options : new Client(options);
    super(opensearchRemote(client));
    this.client = client;
  }
}

export class OpenSearchSink extends RemoteSink {
  constructor(client: Client) {
    super(opensearchRemote(client));
  }
}
