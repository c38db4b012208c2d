/**
 * A client of the official OpenSearch library whose connection answers from recordings instead
 * of the network, like ./recorded-transport.ts for Elasticsearch: each request is kept (method,
 * path, parsed body) and answered with the next canned response.
 */
import { Readable } from "node:stream";
import { Client, Connection } from "@opensearch-project/opensearch";
import type { Recorded } from "./recorded-transport";

export function recordedOpenSearchClient(responses: unknown[]): { client: Client; requests: Recorded[] } {
  const requests: Recorded[] = [];
  const queue = [...responses];
  class RecordedConnection extends Connection {
    override request(params: any, callback: (error: Error | null, response: any) => void): any {
      const text = typeof params.body === "string" ? params.body : params.body ? String(params.body) : "";
      requests.push({ method: params.method, path: params.path, body: text ? JSON.parse(text) : null });
      const answer = queue.length > 0 ? queue.shift() : { error: "no recording left" };
      // The transport reads the answer as an HTTP response stream: status, headers, body chunks.
      const response = Object.assign(Readable.from([JSON.stringify(answer)]), {
        statusCode: (answer as { error?: unknown }).error ? 500 : 200,
        headers: { "content-type": "application/json" },
      });
      process.nextTick(callback, null, response);
      return { abort: () => {} };
    }
  }
  const client = new Client({ node: "http://127.0.0.1:9", Connection: RecordedConnection as any, maxRetries: 0 });
  return { client, requests };
}
