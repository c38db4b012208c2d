/**
 * The rows of the client's Dexie database. Pages, templates, events and registrations keep the
 * server's answer as it came (the sync router's item shapes); the client only adds what it needs
 * to know locally (when a page was opened, the state of a queued write).
 */
import type { EventItem, SearchConfigItem, SearchDocItem } from "@wikiloom/http/sync";

/** A page the user opened (or a page fetched for it), with its latest known revision. */
export interface PageRow {
  /** Prefixed title with spaces, as the server normalises it ("Talk:Main Page"). */
  title: string;
  revid: number;
  wikitext: string;
  /** ISO 8601 time of the revision. */
  timestamp: string;
  /** When the user last opened it here (epoch ms); 0 for pages only fetched as dependencies. */
  openedAt: number;
}

/** A template one of the opened pages transcludes. */
export interface TemplateRow {
  title: string;
  revid: number;
  wikitext: string;
  timestamp: string;
}

/** Whether a title exists on the server, as last learnt (red links, #ifexist offline). */
export interface ExistenceRow {
  title: string;
  exists: boolean;
  redirect: boolean;
  /** When it was learnt (epoch ms). */
  checkedAt: number;
}

/** A public event registration: the CampaignEvents GET event_registration/{id} body. */
export type EventRow = EventItem & { [field: string]: unknown };

/** One of the signed-in user's own participations. */
export interface RegistrationRow {
  eventId: number;
  private: boolean;
  /** ISO time of the registration. */
  registeredAt: string;
  /** Answers as the server last reported them (question name → answer). */
  answers?: Record<string, unknown>;
}

/**
 * A search document (one indexed page, in the shape the offline search evaluates) and a search
 * configuration page with what evaluating its searches needs: kept as the sync API sends them.
 */
export type SearchDocRow = SearchDocItem;
export type SearchConfigRow = SearchConfigItem;

export type QueueStatus = "queued" | "applied" | "conflicted" | "rejected";

export type QueuedWrite =
  | { kind: "edit"; title: string; baseRevid: number; text: string; summary?: string }
  | { kind: "register"; eventId: number; private: boolean; answers?: Record<string, unknown> }
  | { kind: "cancel"; eventId: number };

/** A write made offline (or online, before it reached the server), and the server's answer. */
export type QueueRow = QueuedWrite & {
  /** Client-made id, unique per write; the server echoes it. */
  id: string;
  /** Insertion order (Dexie auto-increment): writes are pushed in the order they were made. */
  seq?: number;
  status: QueueStatus;
  createdAt: number;
  /** The server's result when applied. */
  result?: unknown;
  /** The server's current version when the write conflicted with it. */
  server?: unknown;
  /** The server's refusal when rejected. */
  error?: { code: string; info: string };
  /** The local copy before the write's optimistic effect (restored if the server rejects it). */
  previous?: unknown;
};

/** Small key/value state: sync cursors, the signed-in user, the wiki. */
export interface MetaRow {
  key: string;
  value: unknown;
}
