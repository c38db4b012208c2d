import { ApiError } from "../../errors.js";
import type { ApiModule } from "../context.js";
import { isoTimestamp, requireCsrf, requireLogin, requirePost } from "../context.js";
import { parseExpiry } from "../expiry.js";
import { withStoreErrors } from "./store-errors.js";

/**
 * action=oauthtoken: a logged-in user manages their own OAuth 2 bearer tokens
 * (operation=create|list|revoke). A token is shown once, when created.
 */
export const oauthTokenModule: ApiModule = async (ctx) => {
  const user = requireLogin(ctx, "manage access tokens");
  const operation = ctx.params.enumValue("operation", ["create", "list", "revoke"] as const, "list")!;
  if (operation === "list") {
    const tokens = await ctx.store.oauth.list(user);
    return { oauthtoken: { tokens: tokens.map((t) => ({ id: t.id, name: t.name, created: isoTimestamp(t.created) })) } };
  }
  requirePost(ctx, "oauthtoken");
  await requireCsrf(ctx);
  if (operation === "create") {
    const name = ctx.params.string("name") ?? "API access";
    const expiryText = ctx.params.string("expiry");
    const expires = expiryText === undefined ? undefined : (parseExpiry(expiryText) ?? undefined);
    const created = await ctx.store.oauth.create(user, { name, expires });
    return { oauthtoken: { id: created.id, name, token: created.token } };
  }
  const id = ctx.params.int("id", { min: 1 });
  if (id === undefined) throw new ApiError("missingparam", 'The "id" parameter must be set.');
  // Revoking a token that is not yours (or no longer exists) is the client's mistake: nosuchtoken.
  await withStoreErrors(() => ctx.store.oauth.revoke(user, id));
  return { oauthtoken: { revoked: id } };
};
