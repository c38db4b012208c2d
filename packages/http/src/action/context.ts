import type { SiteConfig } from "@wikiloom/wikitext";
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import type { AuthState } from "../auth.js";
import type { HandlerDeps } from "../deps.js";
import { ApiError } from "../errors.js";
import type { ApiParams } from "./params.js";

/** Everything a module of the action API works with for one request. */
export interface ApiContext {
  request: Request;
  deps: HandlerDeps;
  store: WikiStore;
  wiki: Wiki;
  site: SiteConfig;
  params: ApiParams;
  auth: AuthState;
  posted: boolean;
  formatVersion: 1 | 2;
  /** Secure cookies when the client reached us over HTTPS. */
  secure: boolean;
  setCookie(cookie: string): void;
  /** The client's anonymous id cookie (created on first use), which pre-session tokens bind to. */
  anonymousId(): string;
  warn(module: string, text: string): void;
}

export type ApiModule = (ctx: ApiContext) => Promise<Record<string, unknown>>;

export function requirePost(ctx: ApiContext, module: string): void {
  if (!ctx.posted) throw new ApiError("mustbeposted", `The "${module}" module requires a POST request.`);
}

export function requireLogin(ctx: ApiContext, what: string): NonNullable<AuthState["user"]> {
  if (!ctx.auth.user) throw new ApiError("notloggedin", `Please log in to ${what}.`);
  return ctx.auth.user;
}

export function requireRight(ctx: ApiContext, right: string, action: string): void {
  if (ctx.auth.rights.includes(right)) return;
  const block = ctx.auth.block;
  if (block) {
    throw new ApiError("blocked", "You have been blocked from editing.", {
      blockinfo: {
        blockid: block.id,
        blockedby: block.by,
        blockreason: block.reason,
        blockedtimestamp: block.timestamp.toISOString().replace(/\.\d{3}Z$/, "Z"),
        blockexpiry: block.expiry ? block.expiry.toISOString().replace(/\.\d{3}Z$/, "Z") : "infinite",
      },
    });
  }
  throw new ApiError("permissiondenied", `You don't have permission to ${action}.`);
}

/**
 * Checks the CSRF token of a write. OAuth requests are CSRF-safe and skip it (as MediaWiki does
 * for its OAuth session provider) but the parameter is still accepted.
 */
export async function requireCsrf(ctx: ApiContext, name = "token"): Promise<void> {
  if (ctx.auth.method === "oauth") {
    ctx.params.string(name);
    return;
  }
  const token = ctx.params.required(name);
  const valid = ctx.auth.sessionId
    ? await ctx.store.tokens.verifyCsrf(ctx.auth.sessionId, token)
    : token === ctx.store.tokens.anonymousCsrf;
  if (!valid) throw new ApiError("badtoken", "Invalid CSRF token.");
}

export function isoTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
