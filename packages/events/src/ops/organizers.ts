/** Listing and replacing the organizers of an event. */
import type { AccountStanding, Actor, WikiScope } from "../context";
import { invalid, forbidden } from "../errors";
import { canBeOrganizer, canManageEvent } from "../rules/permissions";
import type { OpsDeps } from "./deps";
import { isActiveOrganizer, requireEvent, userPageLinks, type UserPageLink } from "./shared";

/** An event has at most this many organizers. */
export const MAX_ORGANIZERS = 10;
/** Organizers per listing page. */
export const ORGANIZERS_PAGE_SIZE = 11;

export interface OrganizerItem {
  organizer_id: number;
  user_id: number;
  user_name: string;
  roles: string[];
  user_page: UserPageLink;
}

/** Active organizers by record id, after `afterId`; hidden and deleted accounts are left out. */
export async function listOrganizers(deps: OpsDeps, scope: WikiScope, id: number, afterId: number | null): Promise<OrganizerItem[]> {
  const rows = await deps.database.read(async (db) => {
    await requireEvent(db, id);
    return db.eventOrganizer.findMany({
      where: { eventId: id, removedAt: null, ...(afterId !== null ? { id: { gt: afterId } } : {}) },
      orderBy: { id: "asc" },
      take: ORGANIZERS_PAGE_SIZE,
    });
  });
  const seen = await deps.directory.visibility(rows.map((r) => r.userId));
  const visible = rows.flatMap((row) => {
    const who = seen.get(row.userId);
    return who?.status === "visible" ? [{ row, name: who.name }] : [];
  });
  const links = await userPageLinks(scope, visible.map((v) => v.name));
  return visible.map(({ row, name }) => ({
    organizer_id: row.id,
    user_id: row.userId,
    user_name: name,
    roles: [row.isCreator ? "creator" : "organizer"],
    user_page: links.get(name)!,
  }));
}

/**
 * Replaces the organizer list with `names` (canonical user names). Removed organizers are
 * soft-removed, so re-adding one restores the same record.
 */
export async function setOrganizers(deps: OpsDeps, actor: Actor | null, id: number, names: readonly string[]): Promise<void> {
  const creator = await deps.database.read(async (db) => {
    await requireEvent(db, id);
    return db.eventOrganizer.findFirst({ where: { eventId: id, isCreator: true }, select: { userId: true } });
  });
  if (names.length === 0) throw invalid("campaignevents-rest-set-organizers-empty-list", "The list of organizers cannot be empty.");
  // Accounts are looked up before the transaction (the store answers on its own connection).
  const standings = new Map<string, AccountStanding | null>();
  for (const name of new Set(names)) standings.set(name, await deps.directory.standingByName(name));
  const creatorSeen = creator ? (await deps.directory.visibility([creator.userId])).get(creator.userId) : undefined;

  await deps.database.write(async (tx) => {
    const event = await requireEvent(tx, id);
    if (!canManageEvent(actor, await isActiveOrganizer(tx, id, actor?.id))) {
      throw forbidden("campaignevents-edit-not-allowed-registration", "You are not allowed to edit this event registration.");
    }
    if (event.deletedAt) throw invalid("campaignevents-edit-registration-deleted", "This event registration was deleted.");
    if (names.length > MAX_ORGANIZERS) {
      throw invalid("campaignevents-edit-too-many-organizers", `An event can have at most ${MAX_ORGANIZERS} organizers.`);
    }
    const accounts: AccountStanding[] = [];
    for (const name of standings.keys()) {
      const account = standings.get(name) ?? null;
      if (!account || !canBeOrganizer(account)) {
        throw invalid("campaignevents-edit-organizers-not-allowed", `${name} cannot be an organizer of events.`);
      }
      accounts.push(account);
    }
    const keep = new Set(accounts.map((a) => a.id));
    if (creator && !keep.has(creator.userId) && actor.id !== creator.userId && creatorSeen?.status === "visible") {
      const creatorRow = await tx.eventOrganizer.findUnique({ where: { eventId_userId: { eventId: id, userId: creator.userId } } });
      if (creatorRow && creatorRow.removedAt === null) {
        throw invalid("campaignevents-edit-removed-creator", "Only the creator of the event can remove themselves from the organizers.");
      }
    }
    const now = deps.now();
    await tx.eventOrganizer.updateMany({ where: { eventId: id, removedAt: null, userId: { notIn: [...keep] } }, data: { removedAt: now } });
    for (const account of accounts) {
      await tx.eventOrganizer.upsert({
        where: { eventId_userId: { eventId: id, userId: account.id } },
        create: { eventId: id, userId: account.id, createdAt: now },
        update: { removedAt: null },
      });
    }
    // The limit holds however writes interleave: this transaction saw and wrote the whole list.
    const count = await tx.eventOrganizer.count({ where: { eventId: id, removedAt: null } });
    if (count > MAX_ORGANIZERS) throw invalid("campaignevents-edit-too-many-organizers", `An event can have at most ${MAX_ORGANIZERS} organizers.`);
  });
}
