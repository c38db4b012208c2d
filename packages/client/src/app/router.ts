// Hash routes: the shell is one document (precached at /), views are chosen by location.hash.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { view: "page"; title: string }
  | { view: "edit"; title: string }
  | { view: "login" }
  | { view: "events" }
  | { view: "event"; id: number }
  | { view: "search"; config: string }
  | { view: "sync" };

export const MAIN_PAGE = "Main Page";

export function parseRoute(hash: string): Route {
  const [, view = "", ...rest] = hash.replace(/^#/, "").split("/");
  const arg = decodeURIComponent(rest.join("/"));
  switch (view) {
    case "page":
      return { view: "page", title: arg ? fromUrlTitle(arg) : MAIN_PAGE };
    case "edit":
      return { view: "edit", title: fromUrlTitle(arg || MAIN_PAGE) };
    case "login":
      return { view: "login" };
    case "events":
      return { view: "events" };
    case "event": {
      const id = Number(arg);
      return Number.isSafeInteger(id) && id > 0 ? { view: "event", id } : { view: "events" };
    }
    case "search":
      return { view: "search", config: fromUrlTitle(arg) };
    case "sync":
      return { view: "sync" };
    default:
      return { view: "page", title: MAIN_PAGE };
  }
}

export function href(route: Route): string {
  switch (route.view) {
    case "page":
    case "edit":
      return `#/${route.view}/${encodeURIComponent(toUrlTitle(route.title))}`;
    case "event":
      return `#/event/${route.id}`;
    case "search":
      return `#/search/${encodeURIComponent(toUrlTitle(route.config))}`;
    default:
      return `#/${route.view}`;
  }
}

export function navigate(route: Route): void {
  location.hash = href(route);
}

export function toUrlTitle(title: string): string {
  return title.replace(/ /g, "_");
}

export function fromUrlTitle(title: string): string {
  return title.replace(/_/g, " ");
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return route;
}
