/** Lookups and shapes shared by the event operations. */
import { NS_USER, Title } from "@wikiloom/wikitext";
import type { WikiScope } from "../context";
import type { EventsDb, EventsTx } from "../db/database";
import { notFound } from "../errors";
import type { EventRegistration } from "../generated/prisma/client";

export type Reader = EventsDb | EventsTx;

export async function findEvent(db: Reader, id: number): Promise<EventRegistration | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return db.eventRegistration.findUnique({ where: { id } });
}

export const eventNotFound = (id: number) => notFound("campaignevents-rest-event-not-found", `There is no event registration with id ${id}.`);

/** The event, or 404 campaignevents-rest-event-not-found. */
export async function requireEvent(db: Reader, id: number): Promise<EventRegistration> {
  const event = await findEvent(db, id);
  if (!event) throw eventNotFound(id);
  return event;
}

export async function isActiveOrganizer(db: Reader, eventId: number, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const row = await db.eventOrganizer.findUnique({ where: { eventId_userId: { eventId, userId } }, select: { removedAt: true } });
  return row !== null && row.removedAt === null;
}

/** Ended: the end, read in the event's time zone, is before now (whole seconds). */
export function hasEnded(event: Pick<EventRegistration, "endUtc">, now: Date): boolean {
  return event.endUtc.getTime() < Math.floor(now.getTime() / 1000) * 1000;
}

export function eventTitle(scope: WikiScope, event: Pick<EventRegistration, "pageNamespace" | "pageDbKey">): Title {
  return Title.fromParts(scope.site, event.pageNamespace, event.pageDbKey);
}

export interface UserPageLink {
  path: string;
  title: string;
  classes: string;
}

/**
 * The User: page of a name. Account names are valid titles, but the namespace prefix can push a
 * 255-byte name past the title length limit: such a page cannot exist, the link still names it.
 */
function userPage(scope: WikiScope, name: string): { prefixedText: string; prefixedDbKey: string; dbKey: string } {
  const page = Title.tryParse(`${scope.site.namespaceName(NS_USER) ?? "User"}:${name}`, scope.site);
  if (page && page.ns === NS_USER) return page;
  const prefix = scope.site.namespaceName(NS_USER) ?? "User";
  const dbKey = name.replace(/ /g, "_");
  return { prefixedText: `${prefix}:${name}`, prefixedDbKey: `${prefix.replace(/ /g, "_")}:${dbKey}`, dbKey };
}

/** Link attributes of a user page as core renders user links: red ("new") when the page is missing. */
export function userPageLink(scope: WikiScope, name: string, pageExists: boolean): UserPageLink {
  const page = userPage(scope, name);
  const encoded = encodeURIComponent(page.prefixedDbKey).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
  if (pageExists) return { path: scope.articlePath.replace("$1", encoded), title: page.prefixedText, classes: "mw-userlink" };
  return {
    path: `${scope.scriptPath}/index.php?title=${encoded}&action=edit&redlink=1`,
    title: `${page.prefixedText} (page does not exist)`,
    classes: "new mw-userlink",
  };
}

/** User page links for several names, with one existence lookup. */
export async function userPageLinks(scope: WikiScope, names: readonly string[]): Promise<Map<string, UserPageLink>> {
  const keys = new Map(names.map((name) => [name, userPage(scope, name).dbKey]));
  const existing = await scope.existingUserPages([...new Set(keys.values())]);
  return new Map(names.map((name) => [name, userPageLink(scope, name, existing.has(keys.get(name)!))]));
}
