/**
 * A client of the official Elasticsearch library whose connection answers from recordings
 * instead of the network: each request is kept (method, path, parsed body) and answered with
 * the next canned response.
 */
import { Client } from "@elastic/elasticsearch";
import { BaseConnection } from "@elastic/transport";

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export function recordedClient(responses: unknown[]): { client: Client; requests: Recorded[] } {
  const requests: Recorded[] = [];
  const queue = [...responses];
  class RecordedConnection extends BaseConnection {
    override async request(params: { method: string; path: string; body?: unknown }): Promise<any> {
      const text = typeof params.body === "string" ? params.body : params.body ? String(params.body) : "";
      requests.push({ method: params.method, path: params.path, body: text ? JSON.parse(text) : null });
      const answer = queue.length > 0 ? queue.shift() : { error: "no recording left" };
      return {
        statusCode: (answer as { error?: unknown }).error ? 500 : 200,
        headers: { "content-type": "application/json", "x-elastic-product": "Elasticsearch" },
        body: JSON.stringify(answer),
      };
    }
  }
  const client = new Client({ node: "http://127.0.0.1:9", Connection: RecordedConnection as any, maxRetries: 0 });
  return { client, requests };
}
