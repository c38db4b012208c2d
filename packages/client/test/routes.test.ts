// The app's hash routes and the service worker's request routing.
import { describe, expect, it } from "vitest";
import { href, parseRoute, type Route } from "../src/app/router.js";
import { isApiRead, isSiteInfoRead, SHELL_EXCLUDED_PATHS } from "../src/sw/routes.js";

describe("hash routes", () => {
  it("round-trips every view through href and parseRoute", () => {
    const routes: Route[] = [
      { view: "page", title: "Main Page" },
      { view: "page", title: "Talk:A/B c?d" },
      { view: "edit", title: "Offline Notes" },
      { view: "login" },
      { view: "events" },
      { view: "event", id: 42 },
      { view: "search", config: "Room search" },
      { view: "sync" },
    ];
    for (const route of routes) expect(parseRoute(href(route))).toEqual(route);
  });

  it("falls back to the main page and the events list on bad input", () => {
    expect(parseRoute("")).toEqual({ view: "page", title: "Main Page" });
    expect(parseRoute("#/nowhere")).toEqual({ view: "page", title: "Main Page" });
    expect(parseRoute("#/event/abc")).toEqual({ view: "events" });
    expect(parseRoute("#/event/-3")).toEqual({ view: "events" });
  });

  it("writes titles with underscores in the URL", () => {
    expect(href({ view: "page", title: "Main Page" })).toBe("#/page/Main_Page");
  });
});

describe("service worker routing", () => {
  const origin = "http://127.0.0.1:3000";
  const read = (path: string, method = "GET") => isApiRead(new URL(path, origin), method, origin);

  it("serves API reads network-first", () => {
    expect(read("/w/api.php?action=query&meta=siteinfo")).toBe(true);
    expect(read("/w/rest.php/localhost/v3/page/html/Main_Page")).toBe(true);
    expect(read("/w/rest.php/campaignevents/v0/event_registration/1")).toBe(true);
  });

  it("never caches writes, tokens, login or other origins", () => {
    expect(read("/w/api.php", "POST")).toBe(false);
    expect(read("/w/api.php?action=query&meta=tokens")).toBe(false);
    expect(read("/w/api.php?action=query&meta=userinfo|tokens")).toBe(false);
    expect(read("/w/api.php?action=login")).toBe(false);
    expect(isApiRead(new URL("http://example.org/w/api.php?action=query"), "GET", origin)).toBe(false);
    expect(read("/api/trpc/sync.pull")).toBe(false);
  });

  it("leaves API and Next paths out of the shell's navigation route", () => {
    const excluded = (path: string) => SHELL_EXCLUDED_PATHS.some((pattern) => pattern.test(path));
    expect(excluded("/w/api.php")).toBe(true);
    expect(excluded("/api/trpc/sync.pull")).toBe(true);
    expect(excluded("/_next/static/x.js")).toBe(true);
    expect(excluded("/")).toBe(false);
    expect(excluded("/index.html")).toBe(false);
  });
});

describe("siteinfo reads", () => {
  const origin = "http://127.0.0.1:3000";
  it("are recognised whatever else the query asks", () => {
    expect(isSiteInfoRead(new URL("/w/api.php?action=query&meta=siteinfo&siprop=general", origin), "GET", origin)).toBe(true);
    expect(isSiteInfoRead(new URL("/w/api.php?action=query&meta=userinfo|siteinfo", origin), "GET", origin)).toBe(true);
    expect(isSiteInfoRead(new URL("/w/api.php?action=query&meta=userinfo", origin), "GET", origin)).toBe(false);
    expect(isSiteInfoRead(new URL("/w/api.php?action=query&meta=siteinfo|tokens", origin), "GET", origin)).toBe(false);
  });
});
