/**
 * sync.push: the client's queued writes, each applied in its own transaction through the same
 * domain functions the action API and the REST routes use (the store's save pipeline with its
 * base-revision conflict check; the events service's register/cancel with its permission
 * checks). Every write gets an answer: applied (with the result), conflicted (with the server's
 * current version) or rejected (with a MediaWiki-style code and text). Nothing is dropped.
 */
import { EventsError, type Actor, type EventsService } from "@wikiloom/events";
import { StoreError, type User, type Wiki, type WikiStore } from "@wikiloom/wiki";
import { Title, type SiteConfig } from "@wikiloom/wikitext";
import type { RegistrationItem } from "./pull-events.js";
import type { WriteAnswer, WriteInput } from "./schema.js";

export interface PushScope {
  store: WikiStore;
  events: () => Promise<EventsService>;
  wiki: Wiki;
  site: SiteConfig;
  user: User;
  actor: Actor;
  log?: (entry: Record<string, unknown>) => void;
}

type EditWrite = Extract<WriteInput, { kind: "edit" }>;

/** The page as the server has it now: what a conflicted edit is shown against. */
async function serverVersion(scope: PushScope, title: Title) {
  const latest = await scope.store.pages.latest(scope.wiki, title);
  return latest
    ? { title: latest.title, exists: true, revid: latest.id, wikitext: latest.text, timestamp: latest.timestamp.toISOString() }
    : { title: title.prefixedText, exists: false, revid: 0, wikitext: "", timestamp: null };
}

async function applyEdit(scope: PushScope, write: EditWrite): Promise<WriteAnswer> {
  const title = Title.tryParse(write.title, scope.site);
  if (!title || title.isExternal || title.ns < 0) {
    return { id: write.id, status: "rejected", error: { code: "invalidtitle", info: `Bad title "${write.title}".` } };
  }
  try {
    const saved = await scope.store.pages.save({
      wiki: scope.wiki,
      title,
      text: write.text,
      summary: write.summary ?? "",
      user: scope.user,
      // An edit started on a page that did not exist must not overwrite one created meanwhile.
      ...(write.baseRevid > 0 ? { baseRevId: write.baseRevid } : { createOnly: true }),
    });
    return {
      id: write.id,
      status: "applied",
      result: {
        title: saved.page.title, pageid: saved.page.id, revid: saved.revision.id, wikitext: saved.revision.text,
        timestamp: saved.revision.timestamp.toISOString(), created: saved.created, nochange: saved.status === "nochange",
      },
    };
  } catch (error) {
    if (error instanceof StoreError && (error.code === "editconflict" || error.code === "articleexists")) {
      return { id: write.id, status: "conflicted", server: await serverVersion(scope, title) };
    }
    throw error;
  }
}

/** The caller's registration for an event as it stands now (null: not registered). */
async function ownRegistration(service: EventsService, actor: Actor, eventId: number): Promise<RegistrationItem | null> {
  try {
    const own = await service.ownRegistration(actor, eventId);
    const changes = await service.participationChangesSince(actor.id, null, 100_000);
    const record = changes.find((c) => c.eventId === eventId);
    return { eventId, private: own.private, registeredAt: record?.registeredAt.toISOString() ?? new Date().toISOString(), answers: record?.answers ?? {} };
  } catch (error) {
    if (error instanceof EventsError) return null;
    throw error;
  }
}

async function applyOne(scope: PushScope, write: WriteInput): Promise<WriteAnswer> {
  if (write.kind === "edit") return applyEdit(scope, write);
  const service = await scope.events();
  if (write.kind === "register") {
    const modified = await service.register(scope.actor, write.eventId, write.private, write.answers ?? {});
    return { id: write.id, status: "applied", result: { modified, registration: await ownRegistration(service, scope.actor, write.eventId) } };
  }
  const modified = await service.cancel(scope.actor, write.eventId);
  return { id: write.id, status: "applied", result: { modified, registration: null } };
}

/** Applies the writes in order; a failing write is answered and the next one still runs. */
export async function applyWrites(scope: PushScope, writes: readonly WriteInput[]): Promise<WriteAnswer[]> {
  const answers: WriteAnswer[] = [];
  for (const write of writes) {
    try {
      answers.push(await applyOne(scope, write));
    } catch (error) {
      if (error instanceof StoreError) answers.push({ id: write.id, status: "rejected", error: { code: error.code, info: error.message } });
      else if (error instanceof EventsError) answers.push({ id: write.id, status: "rejected", error: { code: error.key, info: error.message } });
      else {
        scope.log?.({ level: "error", msg: "sync.push write failed", kind: write.kind, error: String(error) });
        answers.push({ id: write.id, status: "rejected", error: { code: "internal_api_error", info: "The write failed on the server; try again later." } });
      }
    }
  }
  return answers;
}
