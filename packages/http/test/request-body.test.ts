import { describe, expect, it } from "vitest";
import { RestError } from "../src/errors.js";
import { parseBody } from "../src/request-body.js";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/x", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
  });
}

async function failure(request: Request, limit?: number): Promise<RestError> {
  try {
    await parseBody(request, limit);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error("expected a RestError");
}

describe("parseBody", () => {
  it("parses JSON objects, form bodies and multipart bodies", async () => {
    expect((await parseBody(post('{"a":1}', "application/json; charset=utf-8"))).fields).toEqual({ a: 1 });
    expect((await parseBody(post("a=1&b=x+y", "application/x-www-form-urlencoded"))).fields).toEqual({ a: "1", b: "x y" });
    const form = new FormData();
    form.set("wikitext", "''hi''");
    const multipart = await parseBody(new Request("http://127.0.0.1/", { method: "POST", body: form }));
    expect(multipart).toEqual({ kind: "multipart", fields: { wikitext: "''hi''" } });
  });

  it("treats an empty body without content type as no body", async () => {
    expect(await parseBody(new Request("http://127.0.0.1/", { method: "POST" }))).toEqual({ kind: "none", fields: {} });
  });

  it("answers 400 for malformed JSON and for JSON that is not an object", async () => {
    expect((await failure(post("{bad", "application/json"))).status).toBe(400);
    expect((await failure(post("[1,2]", "application/json"))).errorKey).toBe("rest-bad-json-body");
  });

  it("answers 415 for other content types and for bodies without one", async () => {
    const wrong = await failure(post("<x/>", "application/xml"));
    expect(wrong.status).toBe(415);
    expect((await failure(post("a=1"))).status).toBe(415);
  });

  it("answers 413 by declared length and by streamed length", async () => {
    expect((await failure(post("x".repeat(10), "text/plain", { "content-length": "100000" }), 1000)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(500));
        controller.close();
      },
    });
    const request = new Request("http://127.0.0.1/", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await failure(request, 1000)).status).toBe(413);
  });

  it("answers 400 for invalid UTF-8", async () => {
    const error = await failure(post(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), "application/x-www-form-urlencoded"));
    expect(error.status).toBe(400);
    expect(error.errorKey).toBe("rest-bad-body-encoding");
  });

  it("produces MediaWiki's REST error body", async () => {
    const body = (await failure(post("{", "application/json"))).body();
    expect(body).toMatchObject({ errorKey: "rest-json-body-parse-error", httpCode: 400, httpReason: "Bad Request" });
    expect(typeof body.messageTranslations.en).toBe("string");
  });
});
