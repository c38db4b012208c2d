import type { ApiContext } from "../context.js";
import { isoTimestamp } from "../context.js";
import { assignableGroups } from "../modules/userrights.js";

const UIPROPS = ["blockinfo", "hasmsg", "groups", "groupmemberships", "implicitgroups", "rights", "changeablegroups", "options", "editcount", "ratelimits", "email", "realname", "acceptlang", "registrationdate", "unreadcount", "centralids", "latestcontrib", "cancreateaccount"];

/** meta=userinfo: who the request is authenticated as, with groups and rights on request. */
export async function userInfoMeta(ctx: ApiContext): Promise<Record<string, unknown>> {
  const { values: props, unknown } = ctx.params.enumList("uiprop", UIPROPS);
  if (unknown.length > 0) ctx.warn("userinfo", `Unrecognized values for parameter "uiprop": ${unknown.join(", ")}.`);
  const want = new Set(props);
  const user = ctx.auth.user;
  const info: Record<string, unknown> = user
    ? { id: user.id, name: user.name }
    : { id: 0, name: clientAddress(ctx.request), anon: true };
  const implicit = user ? ["*", "user"] : ["*"];
  if (want.has("groups")) info.groups = [...implicit, ...(user?.groups ?? []).filter((g) => !implicit.includes(g))];
  if (want.has("implicitgroups")) info.implicitgroups = implicit;
  if (want.has("groupmemberships")) info.groupmemberships = (user?.groups ?? []).map((group) => ({ group, expiry: "infinity" }));
  if (want.has("rights")) info.rights = ctx.auth.rights;
  if (want.has("blockinfo") && ctx.auth.block) {
    const block = ctx.auth.block;
    Object.assign(info, {
      blockid: block.id,
      blockedby: block.by,
      blockreason: block.reason,
      blockedtimestamp: isoTimestamp(block.timestamp),
      blockexpiry: block.expiry ? isoTimestamp(block.expiry) : "infinite",
    });
  }
  if (want.has("registrationdate")) info.registrationdate = user ? isoTimestamp(user.registration) : null;
  if (want.has("editcount")) info.editcount = 0;
  if (want.has("cancreateaccount")) info.cancreateaccount = ctx.auth.rights.includes("createaccount");
  if (want.has("changeablegroups")) {
    const canChange = ctx.auth.rights.includes("userrights");
    const groups = canChange ? assignableGroups() : [];
    info.changeablegroups = { add: groups, remove: groups, "add-self": [], "remove-self": [] };
  }
  if (want.has("hasmsg")) info.messages = false;
  if (want.has("options")) info.options = {};
  if (want.has("ratelimits")) info.ratelimits = {};
  return { userinfo: info };
}

function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "127.0.0.1";
}
