import { GROUP_RIGHTS } from "@wikiloom/wiki";
import { ApiError } from "../../errors.js";
import type { ApiModule } from "../context.js";
import { requireCsrf, requirePost, requireRight } from "../context.js";
import { withStoreErrors } from "./store-errors.js";

/** Groups a sysop can grant: every configured group except the implicit ones. */
export function assignableGroups(): string[] {
  return Object.keys(GROUP_RIGHTS).filter((group) => group !== "*" && group !== "user");
}

/** action=userrights: add or remove a user's groups (needs the userrights right). */
export const userRightsModule: ApiModule = async (ctx) => {
  requirePost(ctx, "userrights");
  const p = ctx.params;
  const which = p.requireOneOf("user", "userid");
  await requireCsrf(ctx);
  requireRight(ctx, "userrights", "change user rights");
  const groups = assignableGroups();
  const add = p.enumList("add", groups);
  const remove = p.enumList("remove", groups);
  const unknown = [...add.unknown, ...remove.unknown];
  if (unknown.length > 0) throw new ApiError("badvalue", `Unrecognized value for parameter "add"/"remove": ${unknown.join(", ")}.`);
  p.string("reason");
  p.list("expiry");
  const target =
    which === "user"
      ? await ctx.store.users.byName(p.required("user"))
      : await ctx.store.users.byId(p.int("userid", { min: 1 })!);
  if (!target) throw new ApiError("nosuchuser", `The user "${p.string("user") ?? p.string("userid")}" does not exist.`);
  const before = new Set(target.groups);
  const updated = await withStoreErrors(() => ctx.store.users.setGroups(target, add.values, remove.values, ctx.auth.user!));
  const after = new Set(updated.groups);
  return {
    userrights: {
      user: updated.name,
      userid: updated.id,
      added: [...after].filter((g) => !before.has(g)),
      removed: [...before].filter((g) => !after.has(g)),
    },
  };
};
