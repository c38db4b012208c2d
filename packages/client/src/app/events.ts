// Event registrations (CampaignEvents REST API) with the offline copy: reads fall back to Dexie,
// registering and cancelling are queued for sync when the server cannot be reached.
import type { EventRow } from "../data/index.js";
import { ApiError, NetworkError, csrfToken, rest } from "./api.js";
import { clientDb, syncClient } from "./library.js";
import { isOnline } from "./online.js";

const BASE = "/campaignevents/v0";

export interface Participant {
  participant_id: number;
  user_id: number;
  user_name?: string;
  private: boolean;
  user_registered_at_formatted?: string;
}

export interface Organizer {
  organizer_id: number;
  user_id: number;
  user_name: string;
  roles: string[];
}

export type Membership = { registered: false } | { registered: true; private: boolean; pending: boolean };

export type WriteOutcome = "done" | "queued";

async function orOffline<T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> {
  if (!isOnline()) return offline();
  try {
    return await online();
  } catch (error) {
    if (error instanceof NetworkError) return offline();
    throw error;
  }
}

export function listEvents(): Promise<EventRow[]> {
  return clientDb().events.orderBy("id").toArray();
}

export async function eventDetails(id: number): Promise<EventRow | undefined> {
  return orOffline(
    async () => {
      const event = (await rest("GET", `${BASE}/event_registration/${id}`)) as EventRow;
      await clientDb().events.put(event);
      return event;
    },
    () => clientDb().events.get(id),
  );
}

/** The signed-in user's registration: the server's answer, with queued writes applied on top. */
export async function membership(id: number): Promise<Membership> {
  const pending = await pendingWrite(id);
  if (pending) return pending.kind === "register" ? { registered: true, private: pending.private, pending: true } : { registered: false };
  return orOffline(
    async () => {
      try {
        const own = (await rest("GET", `${BASE}/event_registration/${id}/participants/self`)) as { private: boolean };
        return { registered: true, private: own.private, pending: false } as Membership;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return { registered: false } as Membership;
        throw error;
      }
    },
    async () => {
      const row = await clientDb().registrations.get(id);
      return row ? { registered: true, private: row.private, pending: false } : { registered: false };
    },
  );
}

async function pendingWrite(eventId: number) {
  const queued = await clientDb().queue.where("status").equals("queued").toArray();
  return queued.filter((row) => row.kind !== "edit" && row.eventId === eventId).at(-1);
}

export function register(id: number, isPrivate: boolean): Promise<WriteOutcome> {
  return orOffline<WriteOutcome>(
    async () => {
      await rest("PUT", `${BASE}/event_registration/${id}/participants/self`, { is_private: isPrivate, token: await csrfToken() });
      await clientDb().registrations.put({ eventId: id, private: isPrivate, registeredAt: new Date().toISOString() });
      return "done";
    },
    async () => {
      await syncClient().queueRegistration({ eventId: id, private: isPrivate });
      return "queued";
    },
  );
}

export function cancel(id: number): Promise<WriteOutcome> {
  return orOffline<WriteOutcome>(
    async () => {
      await rest("DELETE", `${BASE}/event_registration/${id}/participants/self`, { token: await csrfToken() });
      await clientDb().registrations.delete(id);
      return "done";
    },
    async () => {
      await syncClient().queueCancel({ eventId: id });
      return "queued";
    },
  );
}

/** Participants as the caller may see them (private ones only for the event's organizers). */
export async function participants(id: number, includePrivate: boolean): Promise<Participant[]> {
  return (await rest("GET", `${BASE}/event_registration/${id}/participants?include_private=${includePrivate}`)) as Participant[];
}

export async function organizers(id: number): Promise<Organizer[]> {
  return (await rest("GET", `${BASE}/event_registration/${id}/organizers`)) as Organizer[];
}
