/**
 * The Elasticsearch/OpenSearch executor: sends the built request through the official client.
 * One correction is applied on the way: sorts the reference puts on the `.keyword` subfield of
 * number and date properties go to the numeric field, so they order numerically and
 * chronologically instead of as text.
 */
import { Client, type ClientOptions } from "@elastic/elasticsearch";
import type { Json, JsonObject, SearchRequest } from "../query/dsl";
import type { SearchExecutor, SearchResponse } from "./types";

const TEXT_SORTED_NUMBERS = /^(P:\d+\.(?:num|dat)Field)\.keyword$/;

/** The request body with numeric sorts on numeric fields. */
export function correctedBody(body: JsonObject): JsonObject {
  if (!Array.isArray(body.sort)) return body;
  const sort = body.sort.map((entry): Json => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return entry;
    return Object.fromEntries(Object.entries(entry).map(([field, spec]) => [field.replace(TEXT_SORTED_NUMBERS, "$1"), spec]));
  });
  return { ...body, sort };
}

export class ElasticsearchExecutor implements SearchExecutor {
  readonly client: Client;

  constructor(options: ClientOptions | Client) {
    this.client = options instanceof Client ? options : new Client(options);
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    // Body keys are top-level request properties in the 8.x/9.x client.
    const response = await this.client.search({ index: request.index, ...(correctedBody(request.body) as Record<string, unknown>) });
    return response as unknown as SearchResponse;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** Keeps an Elasticsearch index in step with the local index (the scale path's write side). */
export class ElasticsearchSink {
  constructor(private readonly client: Client) {}

  async put(index: string, id: number, source: JsonObject, textRaw: string): Promise<void> {
    await this.client.index({ index, id: String(id), document: { ...source, text_raw: textRaw } });
  }

  async remove(index: string, id: number): Promise<void> {
    await this.client.delete({ index, id: String(id) }, { ignore: [404] });
  }
}
