import { createSignedToken } from "../../signed-token.js";
import type { ApiContext } from "../context.js";
import { CREATE_ACCOUNT_TOKEN_PURPOSE, createAccountBinding } from "../modules/createaccount.js";
import { LOGIN_TOKEN_PURPOSE } from "../modules/login.js";

const CSRF_TYPES = ["csrf", "watch", "patrol", "rollback", "userrights", "deleteglobalaccount", "setglobalaccountstatus"];
const TOKEN_TYPES = [...CSRF_TYPES, "login", "createaccount"];

/** meta=tokens: the CSRF token of the session, and the pre-session login/createaccount tokens. */
export async function tokensMeta(ctx: ApiContext): Promise<Record<string, unknown>> {
  const requested = ctx.params.has("type") ? ctx.params.enumList("type", TOKEN_TYPES) : { values: ["csrf"], unknown: [] };
  if (requested.unknown.length > 0) {
    ctx.warn("tokens", `Unrecognized values for parameter "type": ${requested.unknown.join(", ")}.`);
  }
  const tokens: Record<string, string> = {};
  let csrf: string | undefined;
  for (const type of requested.values) {
    if (type === "login") {
      tokens.logintoken = await createSignedToken(ctx.deps.secret, LOGIN_TOKEN_PURPOSE, ctx.anonymousId());
    } else if (type === "createaccount") {
      tokens.createaccounttoken = await createSignedToken(ctx.deps.secret, CREATE_ACCOUNT_TOKEN_PURPOSE, createAccountBinding(ctx));
    } else {
      csrf ??= ctx.auth.sessionId ? await ctx.store.tokens.csrf(ctx.auth.sessionId) : ctx.store.tokens.anonymousCsrf;
      tokens[`${type}token`] = csrf;
    }
  }
  return { tokens };
}
