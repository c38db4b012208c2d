/**
 * Every documented route of the platform as one table row: how a valid request to it looks.
 * The robustness cases (cases.ts) are derived from these rows by breaking one thing at a time.
 */

/** A path segment that carries a value (and so is worth corrupting), or a fixed one. */
export type Segment = string | { name: string; value: string };

export interface RouteSpec {
  name: string;
  api: "rest" | "action" | "trpc";
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** REST: segments after /w/rest.php; tRPC: the procedure after /api/trpc. Action API: unused (always /w/api.php). */
  path: Segment[];
  /** Query parameters (for the action API, the GET parameters). */
  query?: Record<string, string>;
  /** REST: a JSON body. Action API: form fields of a POST. */
  body?: Record<string, unknown>;
  /** The valid request should succeed every time (false for one-shot writes like createaccount). */
  repeatable: boolean;
  /** The route cannot work without its body fields: an empty body must be refused. */
  needsBody: boolean;
}

export interface RouteIds {
  revid: number;
  /** The page of `revid`. */
  title: string;
  eventId: number;
  /** An event only the soft-delete route touches, so the other event routes keep a live event. */
  deletableEventId: number;
  adminId: number;
  /** A plain user that userrights/block/unblock act on, never the Admin the tests run as. */
  targetUser: string;
  /** An OAuth token id that the revoke route may revoke. */
  spareTokenId: number;
  searchPageId: number;
}

const rest = (method: RouteSpec["method"], path: Segment[], extra: Partial<RouteSpec> = {}): RouteSpec => ({
  name: `${method} /${path.map((s) => (typeof s === "string" ? s : `{${s.name}}`)).join("/")}`,
  api: "rest",
  method,
  path,
  repeatable: true,
  needsBody: false,
  ...extra,
});

const action = (name: string, method: "GET" | "POST", params: Record<string, string>, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  name: `${method} api.php ${name}`,
  api: "action",
  method,
  path: [],
  ...(method === "GET" ? { query: params } : { body: params }),
  repeatable: true,
  needsBody: method === "POST",
  ...extra,
});

const v = (name: string, value: string) => ({ name, value });

/** A procedure of the PWA's tRPC sync router: queries take `?input=` JSON, mutations a JSON body. */
const trpc = (procedure: string, method: "GET" | "POST", input: Record<string, unknown> | undefined, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  name: `${method} /api/trpc/${procedure}`,
  api: "trpc",
  method,
  path: [v("procedure", procedure)],
  ...(method === "GET" ? (input === undefined ? {} : { query: { input: JSON.stringify(input) } }) : { body: input }),
  repeatable: true,
  needsBody: method === "POST",
  ...extra,
});

export function platformRoutes(ids: RouteIds): RouteSpec[] {
  const ev = String(ids.eventId);
  const title = ids.title.replace(/ /g, "_");
  const E = ["campaignevents", "v0"];
  return [
    // --- action API ---
    action("meta=siteinfo", "GET", { action: "query", meta: "siteinfo", siprop: "general|namespaces" }),
    action("meta=tokens", "GET", { action: "query", meta: "tokens", type: "csrf|login|createaccount" }),
    action("meta=userinfo", "GET", { action: "query", meta: "userinfo", uiprop: "groups|rights" }),
    action("prop=revisions", "GET", { action: "query", prop: "revisions|info", titles: ids.title, rvprop: "ids|content", rvslots: "main" }),
    action("prop=revisions revids", "GET", { action: "query", prop: "revisions", revids: String(ids.revid), rvprop: "content" }),
    action("list=allpages", "GET", { action: "query", list: "allpages", aplimit: "5", apfrom: "A" }),
    action("meta=WikiSearch", "GET", { action: "query", meta: "WikiSearch", pageid: String(ids.searchPageId), term: "robust", filter: "[]", aggregations: "[]", sortings: "[]", limit: "5" }),
    action("meta=WikiSearchHighlight", "GET", { action: "query", meta: "WikiSearchHighlight", query: "robust", properties: "text_raw", page_id: String(ids.searchPageId), limit: "3" }),
    action("login", "POST", { action: "login", lgname: "Nobody here", lgpassword: "wrong-password", lgtoken: "+\\" }, { repeatable: true }),
    action("createaccount", "POST", { action: "createaccount", username: "Robust new account", password: "robust-new-password", retype: "robust-new-password", createtoken: "+\\", createreturnurl: "http://127.0.0.1/" }, { repeatable: false }),
    action("edit", "POST", { action: "edit", title: "Robustness scratch", text: "Scratch '''text'''.", summary: "robustness" }),
    action("delete", "POST", { action: "delete", title: "Robustness deletable", reason: "robustness" }, { repeatable: false }),
    action("userrights", "POST", { action: "userrights", user: ids.targetUser, add: "event-organizer", reason: "robustness" }),
    action("block", "POST", { action: "block", user: ids.targetUser, expiry: "1 day", reason: "robustness", reblock: "1" }),
    action("unblock", "POST", { action: "unblock", user: ids.targetUser, reason: "robustness" }, { repeatable: false }),
    action("oauthtoken list", "GET", { action: "oauthtoken", operation: "list" }),
    action("oauthtoken create", "POST", { action: "oauthtoken", operation: "create", name: "robustness", expiry: "1 day" }),
    action("oauthtoken revoke", "POST", { action: "oauthtoken", operation: "revoke", id: String(ids.spareTokenId) }),
    // --- conversion v3 ---
    rest("GET", [v("domain", "localhost"), "v3", "page", "html", v("title", title), v("revision", String(ids.revid))]),
    rest("GET", [v("domain", "localhost"), "v3", "page", "pagebundle", v("title", title), v("revision", String(ids.revid))]),
    rest("GET", [v("domain", "localhost"), "v3", "page", "wikitext", v("title", title), v("revision", String(ids.revid))]),
    rest("GET", [v("domain", "localhost"), "v3", "page", "lint", v("title", title), v("revision", String(ids.revid))], { query: { offsetType: "byte" } }),
    rest("GET", [v("domain", "localhost"), "v3", "page", "html", v("title", title)]),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "wikitext", "to", "html"], { body: { wikitext: "== H ==\n[[Main Page]] '''b'''", body_only: true }, needsBody: true }),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "wikitext", "to", "pagebundle", v("title", title)], { body: { wikitext: "x {{tpl}} y" }, needsBody: false }),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "wikitext", "to", "lint"], { body: { wikitext: "<b>unclosed", offsetType: "char" }, needsBody: true }),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "html", "to", "wikitext", v("title", title), v("revision", String(ids.revid))], { body: { html: "<p>Edited <b>text</b></p>" }, needsBody: true }),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "html", "to", "wikitext"], { body: { html: "<p>Hi <i>there</i></p>", scrub_wikitext: true }, needsBody: true }),
    rest("POST", [v("domain", "localhost"), "v3", "transform", "pagebundle", "to", "pagebundle", v("title", title)], {
      body: { updates: { redlinks: true }, original: { html: { body: "<p><a rel=\"mw:WikiLink\" href=\"./Nope\">x</a></p>" }, "data-parser": { body: { ids: {} } } } },
      needsBody: true,
    }),
    // --- conversion v1 (deprecated) ---
    rest("GET", [v("prefix", "localwiki"), v("title", title)], { query: { oldid: String(ids.revid) } }),
    rest("POST", [v("prefix", "localwiki"), v("title", title)], { body: { wt: "''v1'' text" }, needsBody: true }),
    // --- campaignevents v0 ---
    rest("POST", [...E, "event_registration"], { body: { event_page: "Event:Robustness new", timezone: "UTC", start_time: "20990101000000", end_time: "20990102000000", online_meeting: true }, repeatable: false, needsBody: true }),
    rest("PUT", [...E, "event_registration", v("id", ev)], { body: { event_page: "Event:Robustness", timezone: "UTC", start_time: "20990101000000", end_time: "20990102000000", online_meeting: true, status: "open" }, needsBody: true }),
    rest("PUT", [...E, "edit_event_registration"], { query: { id: ev }, body: { event_page: "Event:Robustness", timezone: "UTC", start_time: "20990101000000", end_time: "20990102000000", online_meeting: true, status: "open" }, needsBody: true }),
    rest("GET", [...E, "event_registration", v("id", ev)]),
    rest("DELETE", [...E, "event_registration", v("id", String(ids.deletableEventId))], { repeatable: false }),
    rest("GET", [...E, "event_registration", v("id", ev), "organizers"]),
    rest("PUT", [...E, "event_registration", v("id", ev), "organizers"], { body: { organizer_usernames: ["Admin"] }, needsBody: true }),
    rest("GET", [...E, "event_registration", v("id", ev), "participants"], { query: { include_private: "true", last_participant_id: "1", username_filter: "Rob" } }),
    rest("DELETE", [...E, "event_registration", v("id", ev), "participants"], { body: { user_ids: [999_999] } }),
    rest("PUT", [...E, "event_registration", v("id", ev), "participants", "self"], { body: { is_private: false } }),
    rest("GET", [...E, "event_registration", v("id", ev), "participants", "self"]),
    rest("DELETE", [...E, "event_registration", v("id", ev), "participants", "self"]),
    rest("GET", [...E, "organizer", v("userid", String(ids.adminId)), "event_registrations"]),
    rest("GET", [...E, "participant", v("userid", String(ids.adminId)), "event_registrations"]),
    rest("GET", [...E, "participant_questions"], { query: { question_ids: "1|2" } }),
    // --- the PWA's sync router ---
    trpc("sync.session", "GET", undefined),
    trpc("sync.pull", "GET", { cursors: {}, pages: [ids.title], searchConfigs: ["Robustness search"], limit: 5 }),
    trpc("sync.push", "POST", {
      writes: [
        { id: "r1", kind: "edit", title: "Robustness sync scratch", baseRevid: 0, text: "from sync" },
        { id: "r2", kind: "register", eventId: ids.eventId, private: true },
        { id: "r3", kind: "cancel", eventId: ids.eventId },
      ],
    }),
  ];
}

/** The methods each path pattern is registered for, keyed by the pattern's text. */
export function methodsByPath(routes: readonly RouteSpec[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const route of routes) {
    const key = patternOf(route);
    byPath.set(key, [...(byPath.get(key) ?? []), route.method]);
  }
  return byPath;
}

export function patternOf(route: RouteSpec): string {
  return route.name.slice(route.name.indexOf(" ") + 1);
}
