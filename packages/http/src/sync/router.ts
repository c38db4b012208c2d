/**
 * The tRPC sync router the PWA talks to (`/api/trpc`): `sync.session` (who am I, and the CSRF
 * token for pushes), `sync.pull` (changes since per-collection cursors) and `sync.push` (queued
 * writes, each answered applied, conflicted or rejected).
 */
import { TRPCError } from "@trpc/server";
import { eventsServiceFor } from "../events/request.js";
import { actorOf } from "../events/request.js";
import { createSyncContext, procedure, t, wikiOf, type SyncContext, type SyncDeps } from "./context.js";
import type { CollectionAnswer } from "./cursor.js";
import { pullEvents, pullRegistrations, type RegistrationItem } from "./pull-events.js";
import { pullPages, type PageItem, type TemplateItem } from "./pull-pages.js";
import { pullSearchDocs, type SearchDocsAnswer } from "./pull-search.js";
import { applyWrites } from "./push.js";
import { COLLECTIONS, DEFAULT_PULL_LIMIT, pullInput, pushInput, type Collection, type WriteAnswer } from "./schema.js";
import type { RegistrationDetails } from "@wikiloom/events";

export interface PullAnswer {
  /** The caller as the server sees them (null: anonymous). */
  user: { id: number; name: string } | null;
  pages?: CollectionAnswer<PageItem>;
  templates?: CollectionAnswer<TemplateItem>;
  events?: CollectionAnswer<RegistrationDetails, number>;
  registrations?: CollectionAnswer<RegistrationItem, number>;
  searchDocs?: SearchDocsAnswer;
}

/** Cookie sessions prove intent with the session's CSRF token; OAuth bearer calls are CSRF-safe. */
async function checkPushCredentials(ctx: SyncContext, token: string | undefined): Promise<void> {
  const { auth } = ctx;
  if (!auth.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "notloggedin: log in to push writes." });
  if (auth.method === "oauth") return;
  if (!token) throw new TRPCError({ code: "FORBIDDEN", message: "badtoken: a cookie session must send its CSRF token in \"token\"." });
  if (!auth.sessionId || !(await ctx.deps.store.tokens.verifyCsrf(auth.sessionId, token))) {
    throw new TRPCError({ code: "FORBIDDEN", message: "badtoken: the CSRF token is not valid for this session." });
  }
}

export function createSyncRouter() {
  return t.router({
    sync: t.router({
      session: procedure.query(async ({ ctx }) => {
        const { auth } = ctx;
        const csrfToken = auth.method === "session" && auth.sessionId ? await ctx.deps.store.tokens.csrf(auth.sessionId) : null;
        return { user: auth.user ? { id: auth.user.id, name: auth.user.name } : null, csrfToken, rights: auth.rights, blocked: auth.block !== null };
      }),

      pull: procedure.input(pullInput).query(async ({ ctx, input }): Promise<PullAnswer> => {
        const { wiki, site } = await wikiOf(ctx, input.wiki);
        const store = ctx.deps.store;
        const limit = input.limit ?? DEFAULT_PULL_LIMIT;
        const wanted = new Set<Collection>(input.collections ?? COLLECTIONS);
        const answer: PullAnswer = { user: ctx.auth.user ? { id: ctx.auth.user.id, name: ctx.auth.user.name } : null };
        if (wanted.has("pages") || wanted.has("templates")) {
          const pulled = await pullPages(store, wiki, site, {
            titles: input.pages ?? [], pagesCursor: input.cursors.pages, templatesCursor: input.cursors.templates, limit,
          });
          if (wanted.has("pages")) answer.pages = pulled.pages;
          if (wanted.has("templates")) answer.templates = pulled.templates;
        }
        if (wanted.has("events") || wanted.has("registrations")) {
          const service = await eventsServiceFor(store);
          if (wanted.has("events")) answer.events = await pullEvents(service, wiki, { cursor: input.cursors.events, limit });
          if (wanted.has("registrations")) {
            answer.registrations = await pullRegistrations(service, ctx.auth.user, { cursor: input.cursors.registrations });
          }
        }
        if (wanted.has("searchDocs")) {
          answer.searchDocs = await pullSearchDocs(store, wiki, site, { configTitles: input.searchConfigs ?? [], cursor: input.cursors.searchDocs, limit });
        }
        return answer;
      }),

      push: procedure.input(pushInput).mutation(async ({ ctx, input }): Promise<WriteAnswer[]> => {
        await checkPushCredentials(ctx, input.token);
        const { wiki, site } = await wikiOf(ctx, input.wiki);
        const user = ctx.auth.user!;
        return applyWrites(
          { store: ctx.deps.store, events: () => eventsServiceFor(ctx.deps.store), wiki, site, user, actor: actorOf(ctx.auth)!, log: ctx.deps.log },
          input.writes,
        );
      }),
    }),
  });
}

export type SyncRouter = ReturnType<typeof createSyncRouter>;

export { createSyncContext };
