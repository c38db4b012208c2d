/**
 * A platform for the sync tests: a fresh store in a temp folder, the whole platform handler
 * (action API, REST routes, search, the tRPC sync router) and browser-like callers over it, in
 * process. Each caller keeps its own cookies and can be cut off the network ("offline": its
 * fetch rejects the way a browser's does).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createPlatformHandler } from "../src/index.js";
import type { Handler } from "../src/handler.js";

export const ORIGIN = "http://127.0.0.1:3000";
export const ADMIN_PASSWORD = "admin-password-for-sync-tests";
export const USER_PASSWORD = "user-password-for-sync-tests";

export interface Caller {
  /** fetch as a browser tab of this user would call it (cookies kept), unless offline. */
  fetch: typeof fetch;
  offline: boolean;
  bearer?: string;
  action(params: Record<string, string>, method?: "GET" | "POST"): Promise<any>;
  rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  login(name: string, password: string): Promise<void>;
  csrf(): Promise<string>;
}

export interface World {
  store: WikiStore;
  handler: Handler;
  caller(): Caller;
  close(): Promise<void>;
}

export async function openWorld(prefix: string): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `wikiloom-${prefix}-`));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  const store = await openStore({ dataDir });
  const handler = createPlatformHandler({ store, secret: `${prefix}-secret` });
  return {
    store,
    handler,
    caller: () => newCaller(handler),
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function newCaller(handler: Handler): Caller {
  const cookies = new Map<string, string>();
  const caller: Caller = {
    offline: false,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (caller.offline) throw new TypeError("Failed to fetch");
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      if (cookies.size > 0 && init?.credentials !== "omit") headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      if (caller.bearer) headers.set("authorization", `Bearer ${caller.bearer}`);
      const response = await handler(new Request(request, { headers }));
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0]!;
        const eq = pair.indexOf("=");
        const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
        if (/Max-Age=0/i.test(cookie) || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    }) as typeof fetch,
    async action(params, method = "GET") {
      const all = new URLSearchParams({ format: "json", formatversion: "2", ...params });
      const response =
        method === "GET"
          ? await caller.fetch(`${ORIGIN}/w/api.php?${all}`)
          : await caller.fetch(`${ORIGIN}/w/api.php`, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: all });
      return response.json();
    },
    async rest(method, pathname, body) {
      const response = await caller.fetch(`${ORIGIN}/w/rest.php${pathname}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? null : JSON.parse(text) };
    },
    async csrf() {
      return (await caller.action({ action: "query", meta: "tokens" })).query.tokens.csrftoken;
    },
    async login(name, password) {
      const token = (await caller.action({ action: "query", meta: "tokens", type: "login" })).query.tokens.logintoken;
      const result = (await caller.action({ action: "login", lgname: name, lgpassword: password, lgtoken: token }, "POST")).login;
      if (result.result !== "Success") throw new Error(`login of ${name} failed: ${JSON.stringify(result)}`);
    },
  };
  return caller;
}

/** 14-digit UTC timestamp `days` from now (event times). */
export function stamp(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** Saves a page through action=edit; returns the new revision id. */
export async function edit(caller: Caller, title: string, text: string): Promise<number> {
  const answer = await caller.action({ action: "edit", title, text, token: await caller.csrf() }, "POST");
  if (answer.edit?.result !== "Success") throw new Error(`edit of ${title} failed: ${JSON.stringify(answer)}`);
  return answer.edit.newrevid ?? 0;
}

/** Creates an event page and enables its registration; returns the event id. */
export async function createEvent(organizer: Caller, title: string): Promise<number> {
  await edit(organizer, title, `An event: ${title}.`);
  const created = await organizer.rest("POST", "/campaignevents/v0/event_registration", {
    event_page: title, timezone: "UTC", start_time: stamp(2), end_time: stamp(3), online_meeting: true, token: await organizer.csrf(),
  });
  if (created.status !== 201) throw new Error(`enabling ${title} failed: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The wiki the sync tests write: templates, property-typed pages and a search configuration with a facet. */
export async function seedWiki(admin: Caller): Promise<void> {
  await edit(admin, "Template:Greeting", "Hello, {{{1|friend}}}! {{Signature}}");
  await edit(admin, "Template:Signature", "— the team");
  await edit(admin, "Welcome", "{{Greeting|reader}} See [[Other page]].");
  await edit(admin, "Property:Rating", "[[Has type::Number]]");
  await edit(admin, "Widget", "A fine widget for tinkering. [[Kind::Tool]] [[Rating::9]]");
  await edit(admin, "Gadget", "A gadget for widgets and tinkering. [[Kind::Toy]] [[Rating::10]]");
  await edit(admin, "Gizmo", "{{#set:Kind=Tool|Rating=4.5}} Small gizmo, no tinkering.");
  await edit(admin, "Product search", "{{#wikisearchconfig:Kind|?Rating|fallback sorts=Rating.desc}}");
}
