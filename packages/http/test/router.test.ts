import { describe, expect, it } from "vitest";
import { RestError } from "../src/errors.js";
import { RestRouter } from "../src/rest/router.js";

const router = new RestRouter()
  .add("GET", "/{domain}/v3/page/{format}/{title}/{revision?}", async (_req, params) => Response.json(params))
  .add("POST", "/{domain}/v3/transform/{from}/to/{format}/{title?}", async (_req, params) => Response.json(params));

async function routeError(method: string, path: string): Promise<RestError> {
  try {
    await router.handle(new Request(`http://x${path}`, { method }), path);
  } catch (error) {
    if (error instanceof RestError) return error;
  }
  throw new Error("expected an error");
}

describe("RestRouter", () => {
  it("matches parameters, optional segments and decodes them", async () => {
    const res = await router.handle(new Request("http://x/"), "/localhost/v3/page/html/Main%20Page%2FSub/12");
    expect(await res.json()).toEqual({ domain: "localhost", format: "html", title: "Main Page/Sub", revision: "12" });
    const noRev = await router.handle(new Request("http://x/"), "/localhost/v3/page/html/Foo");
    expect(await noRev.json()).toEqual({ domain: "localhost", format: "html", title: "Foo" });
  });

  it("answers 405 with the allowed methods and 404 for unknown paths", async () => {
    const wrong = await routeError("DELETE", "/localhost/v3/page/html/Foo");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe("GET");
    expect((await routeError("GET", "/nope")).errorKey).toBe("rest-no-match");
    expect((await routeError("GET", "/localhost/v3/page/html/Foo/1/extra")).status).toBe(404);
  });

  it("answers 400 for broken percent-encoding", async () => {
    expect((await routeError("GET", "/localhost/v3/page/html/%E0%A4%A")).status).toBe(400);
  });
});
