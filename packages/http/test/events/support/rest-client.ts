/**
 * A browser-like client for the events tests: keeps cookies, talks to the action API (logins,
 * tokens, accounts) and to REST routes, over any transport (an in-process handler or fetch to a
 * started server).
 */
export type Transport = (request: Request) => Promise<Response>;

export interface RestAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export class EventsTestClient {
  private readonly cookies = new Map<string, string>();
  bearer: string | undefined;

  constructor(private readonly transport: Transport, readonly origin: string) {}

  private headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers(extra);
    if (this.cookies.size > 0 && !this.bearer) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (this.bearer) headers.set("authorization", `Bearer ${this.bearer}`);
    return headers;
  }

  private async send(request: Request): Promise<Response> {
    const response = await this.transport(request);
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0]!;
      const eq = pair.indexOf("=");
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (/Max-Age=0/i.test(cookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async action(params: Record<string, string>, method: "GET" | "POST" = "GET"): Promise<any> {
    const all = new URLSearchParams({ format: "json", formatversion: "2", ...params });
    const response =
      method === "GET"
        ? await this.send(new Request(`${this.origin}/w/api.php?${all}`, { headers: this.headers() }))
        : await this.send(
            new Request(`${this.origin}/w/api.php`, { method, headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }), body: all }),
          );
    return response.json();
  }

  async token(type = "csrf"): Promise<string> {
    return (await this.action({ action: "query", meta: "tokens", type })).query.tokens[`${type}token`];
  }

  async login(name: string, password: string): Promise<void> {
    const result = (await this.action({ action: "login", lgname: name, lgpassword: password, lgtoken: await this.token("login") }, "POST")).login;
    if (result.result !== "Success") throw new Error(`login of ${name} failed: ${JSON.stringify(result)}`);
  }

  async rest(
    method: string,
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<RestAnswer> {
    const url = new URL(`${this.origin}/w/rest.php${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers = this.headers(opts.headers);
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const response = await this.send(new Request(url, { method, headers, body }));
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
}
