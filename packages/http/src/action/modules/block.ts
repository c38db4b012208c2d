import { ApiError } from "../../errors.js";
import type { ApiContext, ApiModule } from "../context.js";
import { isoTimestamp, requireCsrf, requirePost, requireRight } from "../context.js";
import { parseExpiry } from "../expiry.js";
import { withStoreErrors } from "./store-errors.js";

async function targetUser(ctx: ApiContext) {
  const which = ctx.params.requireOneOf("user", "userid");
  const user =
    which === "user"
      ? await ctx.store.users.byName(ctx.params.required("user"))
      : await ctx.store.users.byId(ctx.params.int("userid", { min: 1 })!);
  if (!user) {
    const name = ctx.params.string("user") ?? ctx.params.string("userid");
    throw new ApiError("nosuchuser", `The user "${name}" does not exist.`);
  }
  return user;
}

/** action=block: blocks an account from writing (sysop). */
export const blockModule: ApiModule = async (ctx) => {
  requirePost(ctx, "block");
  await requireCsrf(ctx);
  requireRight(ctx, "block", "block users");
  const target = await targetUser(ctx);
  const expiryText = ctx.params.string("expiry");
  const expiry = parseExpiry(expiryText);
  const reason = ctx.params.string("reason") ?? "";
  const hideName = ctx.params.bool("hidename");
  if (hideName) requireRight(ctx, "hideuser", "hide user names");
  for (const flag of ["nocreate", "autoblock", "noemail", "allowusertalk", "reblock", "watchuser", "partial"]) {
    ctx.params.bool(flag);
  }
  const block = await withStoreErrors(() => ctx.store.blocks.block(target, ctx.auth.user!, { reason, expiry, hideName }));
  return {
    block: {
      user: target.name,
      userID: target.id,
      expiry: block.expiry ? isoTimestamp(block.expiry) : "infinite",
      id: block.id,
      reason,
      ...(hideName ? { hidename: true } : {}),
    },
  };
};

/** action=unblock: lifts a user's block (sysop). */
export const unblockModule: ApiModule = async (ctx) => {
  requirePost(ctx, "unblock");
  await requireCsrf(ctx);
  requireRight(ctx, "block", "unblock users");
  if (ctx.params.has("id")) throw new ApiError("badvalue", 'Unblocking by "id" is not supported; use "user".');
  const target = await targetUser(ctx);
  const active = await ctx.store.blocks.active(target);
  if (!active) throw new ApiError("cantunblock", "The block you specified was not found. It may have been unblocked already.");
  const reason = ctx.params.string("reason") ?? "";
  await withStoreErrors(() => ctx.store.blocks.unblock(target, ctx.auth.user!));
  return { unblock: { id: active.id, user: target.name, userid: target.id, reason } };
};
