import type { Handler } from "../../src/handler.js";

/**
 * A minimal action API client over an in-process handler: keeps cookies like a browser, sends
 * form-encoded POSTs, and returns parsed JSON with the HTTP status.
 */
export class TestApiClient {
  private readonly cookies = new Map<string, string>();
  bearer: string | undefined;

  constructor(private readonly handler: Handler, private readonly origin = "http://127.0.0.1:3000") {}

  private headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers(extra);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (this.bearer) headers.set("authorization", `Bearer ${this.bearer}`);
    return headers;
  }

  private remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(cookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(request: Request): Promise<Response> {
    const response = await this.handler(request);
    this.remember(response);
    return response;
  }

  async get(params: Record<string, string>): Promise<{ status: number; body: any; response: Response }> {
    const url = `${this.origin}/w/api.php?${new URLSearchParams({ format: "json", formatversion: "2", ...params })}`;
    const response = await this.raw(new Request(url, { headers: this.headers() }));
    return { status: response.status, body: await response.json(), response };
  }

  async post(params: Record<string, string>): Promise<{ status: number; body: any; response: Response }> {
    const response = await this.raw(
      new Request(`${this.origin}/w/api.php`, {
        method: "POST",
        headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams({ format: "json", formatversion: "2", ...params }),
      }),
    );
    return { status: response.status, body: await response.json(), response };
  }

  async login(name: string, password: string): Promise<any> {
    const token = (await this.get({ action: "query", meta: "tokens", type: "login" })).body.query.tokens.logintoken;
    return (await this.post({ action: "login", lgname: name, lgpassword: password, lgtoken: token })).body.login;
  }

  async csrf(): Promise<string> {
    return (await this.get({ action: "query", meta: "tokens" })).body.query.tokens.csrftoken;
  }
}
