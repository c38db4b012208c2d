/**
 * Who may do what (CampaignEvents' permission checker). Rights come from groups through the
 * store: `campaignevents-enable-registration` and `campaignevents-organize-events` for
 * event-organizer, `campaignevents-delete-registration` for sysop. A sitewide block takes write
 * rights away, and blocked users are refused explicitly too.
 */
import type { AccountStanding, Actor } from "../context";

export const RIGHT_ENABLE = "campaignevents-enable-registration";
export const RIGHT_ORGANIZE = "campaignevents-organize-events";
export const RIGHT_DELETE = "campaignevents-delete-registration";

/** May enable registrations at all (whatever the page). */
export function canEnableRegistrations(actor: Actor | null): actor is Actor {
  return actor !== null && !actor.blocked && actor.rights.includes(RIGHT_ENABLE);
}

/** May be listed as an organizer of an event. */
export function canBeOrganizer(account: AccountStanding | Actor | null): boolean {
  return account !== null && !account.blocked && account.rights.includes(RIGHT_ORGANIZE);
}

/** May manage an event (edit, organizers, participants, private list) given whether they organize it. */
export function canManageEvent(actor: Actor | null, isActiveOrganizer: boolean): actor is Actor {
  return actor !== null && (canEnableRegistrations(actor) || canBeOrganizer(actor)) && isActiveOrganizer;
}

export function canDeleteEvent(actor: Actor | null, isActiveOrganizer: boolean): boolean {
  if (actor !== null && !actor.blocked && actor.rights.includes(RIGHT_DELETE)) return true;
  return canManageEvent(actor, isActiveOrganizer);
}

/** May register or change their own registration. */
export function canRegister(actor: Actor | null): actor is Actor {
  return actor !== null && !actor.blocked;
}

/** May cancel their own registration: any account, blocked or not. */
export function canCancel(actor: Actor | null): actor is Actor {
  return actor !== null;
}
