/** The sync procedures' inputs, validated with zod (what the client may send). */
import { z } from "zod";

export const COLLECTIONS = ["pages", "templates", "events", "registrations", "searchDocs"] as const;
export type Collection = (typeof COLLECTIONS)[number];

const MAX_TITLES = 500;
const MAX_WRITES = 200;
export const DEFAULT_PULL_LIMIT = 200;
export const MAX_PULL_LIMIT = 1000;

const title = z.string().min(1).max(1024);

export const pullInput = z.object({
  /** Domain of a hosted wiki; default: the wiki of the request's host (the first wiki otherwise). */
  wiki: z.string().min(1).max(255).optional(),
  cursors: z.partialRecord(z.enum(COLLECTIONS), z.string().max(512)).default({}),
  /** Titles the user opened: the pages collection follows them and the templates they use. */
  pages: z.array(title).max(MAX_TITLES).optional(),
  /** Titles of search configuration pages whose documents the client keeps. */
  searchConfigs: z.array(title).max(50).optional(),
  /** Items per collection (default 200, at most 1000). */
  limit: z.number().int().min(1).max(MAX_PULL_LIMIT).optional(),
  /** Only these collections (default: all). */
  collections: z.array(z.enum(COLLECTIONS)).optional(),
});
export type PullInput = z.infer<typeof pullInput>;

const clientId = z.string().min(1).max(128);
const eventId = z.number().int().positive();

export const writeInput = z.discriminatedUnion("kind", [
  z.object({
    id: clientId,
    kind: z.literal("edit"),
    title,
    /** Revision the edit started from; 0 for a page that did not exist. */
    baseRevid: z.number().int().min(0),
    text: z.string(),
    summary: z.string().max(2000).optional(),
  }),
  z.object({
    id: clientId,
    kind: z.literal("register"),
    eventId,
    private: z.boolean(),
    /** Answers as the participants/self route takes them. */
    answers: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ id: clientId, kind: z.literal("cancel"), eventId }),
]);
export type WriteInput = z.infer<typeof writeInput>;

export const pushInput = z.object({
  wiki: z.string().min(1).max(255).optional(),
  /** CSRF token of the cookie session (meta=tokens, or sync.session); OAuth bearer callers send none. */
  token: z.string().max(256).optional(),
  writes: z.array(writeInput).max(MAX_WRITES),
});
export type PushInput = z.infer<typeof pushInput>;

export type WriteAnswer =
  | { id: string; status: "applied"; result: unknown }
  | { id: string; status: "conflicted"; server: unknown }
  | { id: string; status: "rejected"; error: { code: string; info: string } };
