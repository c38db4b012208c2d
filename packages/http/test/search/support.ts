import { expect } from "vitest";
import type { TestApiClient } from "../support/api-client.js";

export interface WikiSearchResult {
  hits: string;
  total: { value: number };
  aggs: any;
}

/** meta=WikiSearch answers at the top level (`result`), as the extension does. */
export function resultOf(body: any): WikiSearchResult {
  return body.result;
}

/** Saves a page through action=edit and answers its page id. */
export async function editPage(client: TestApiClient, token: string, title: string, text: string): Promise<number> {
  const { body } = await client.post({ action: "edit", title, text, token });
  expect(body.edit?.result, JSON.stringify(body)).toBe("Success");
  return body.edit.pageid;
}
