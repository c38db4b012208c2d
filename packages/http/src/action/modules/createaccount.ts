import { StoreError } from "@wikiloom/wiki";
import { verifySignedToken } from "../../signed-token.js";
import { ApiError } from "../../errors.js";
import type { ApiContext, ApiModule } from "../context.js";
import { requirePost, requireRight } from "../context.js";

export const CREATE_ACCOUNT_TOKEN_PURPOSE = "createaccount";

/** Account-creation tokens bind to the session when there is one, else to the anonymous cookie. */
export function createAccountBinding(ctx: ApiContext): string {
  return ctx.auth.sessionId ?? ctx.anonymousId();
}

/** action=createaccount with AuthManager's field names (username, password, retype, createtoken). */
export const createAccountModule: ApiModule = async (ctx) => {
  requirePost(ctx, "createaccount");
  const token = ctx.params.required("createtoken");
  if (!(await verifySignedToken(ctx.deps.secret, CREATE_ACCOUNT_TOKEN_PURPOSE, createAccountBinding(ctx), token))) {
    throw new ApiError("badtoken", "Invalid CSRF token.");
  }
  requireRight(ctx, "createaccount", "create this user account");
  ctx.params.string("createreturnurl");
  ctx.params.bool("createcontinue");
  const username = ctx.params.required("username");
  const password = ctx.params.required("password");
  const retype = ctx.params.string("retype");
  for (const optional of ["email", "realname", "reason"]) ctx.params.string(optional);
  if (retype !== undefined && retype !== password) {
    return fail("badretype", "The passwords you entered do not match.");
  }
  try {
    const user = await ctx.store.users.create(username, password);
    ctx.deps.log?.({ level: "info", msg: "account created", user: user.name, by: ctx.auth.user?.name ?? null });
    return { createaccount: { status: "PASS", username: user.name } };
  } catch (error) {
    if (error instanceof StoreError) return fail(error.code, error.message);
    throw error;
  }
};

function fail(messagecode: string, message: string) {
  return { createaccount: { status: "FAIL", message, messagecode } };
}
