import { clearCookie, serializeCookie } from "../../cookies.js";
import { SESSION_COOKIE } from "../../auth.js";
import { verifySignedToken } from "../../signed-token.js";
import type { ApiModule } from "../context.js";
import { requireCsrf, requirePost } from "../context.js";

export const LOGIN_TOKEN_PURPOSE = "login";

/** action=login: password login for clients such as bots (lgname, lgpassword, lgtoken). */
export const loginModule: ApiModule = async (ctx) => {
  requirePost(ctx, "login");
  const name = ctx.params.string("lgname") ?? "";
  const password = ctx.params.string("lgpassword") ?? "";
  const token = ctx.params.string("lgtoken");
  if (ctx.auth.method === "oauth") {
    return { login: { result: "Aborted", reason: "Cannot log in when using OAuth sessions." } };
  }
  const anonId = ctx.anonymousId();
  if (!token) return { login: { result: "NeedToken", token: "" } };
  if (!(await verifySignedToken(ctx.deps.secret, LOGIN_TOKEN_PURPOSE, anonId, token))) {
    return { login: { result: "WrongToken" } };
  }
  const user = name && password ? await ctx.store.users.verifyPassword(name, password) : null;
  if (!user) {
    return { login: { result: "Failed", reason: "Incorrect username or password entered. Please try again." } };
  }
  if (ctx.auth.sessionId) await ctx.store.sessions.destroy(ctx.auth.sessionId);
  const session = await ctx.store.sessions.create(user);
  ctx.setCookie(serializeCookie(SESSION_COOKIE, session.id, { secure: ctx.secure, expires: session.expires }));
  ctx.deps.log?.({ level: "info", msg: "login", user: user.name });
  return { login: { result: "Success", lguserid: user.id, lgusername: user.name } };
};

/** action=logout: ends the cookie session (needs the CSRF token, as in MediaWiki 1.34+). */
export const logoutModule: ApiModule = async (ctx) => {
  requirePost(ctx, "logout");
  await requireCsrf(ctx);
  if (ctx.auth.sessionId) await ctx.store.sessions.destroy(ctx.auth.sessionId);
  ctx.setCookie(clearCookie(SESSION_COOKIE, ctx.secure));
  return {};
};
