/**
 * Rights come from groups, as in MediaWiki's $wgGroupPermissions. Everyone is in "*", every
 * account also in "user"; other groups are granted explicitly. A block takes away every right
 * that changes the wiki; what survives is reading and managing one's own account.
 */
import type { User } from "../types";

export const GROUP_RIGHTS: Record<string, string[]> = {
  "*": ["read", "createaccount"],
  user: [
    "read", "edit", "createpage", "createtalk", "minoredit", "move", "move-subpages", "upload",
    "reupload", "purge", "writeapi", "applychangetags", "changetags", "editmyoptions",
    "viewmyprivateinfo", "editmyprivateinfo", "editmywatchlist", "viewmywatchlist",
  ],
  "event-organizer": [
    "campaignevents-enable-registration", "campaignevents-organize-events", "campaignevents-email-participants",
  ],
  bot: ["bot", "autopatrol", "apihighlimits", "noratelimit", "suppressredirect"],
  sysop: [
    "block", "userrights", "delete", "undelete", "deletedhistory", "deletedtext", "browsearchive",
    "protect", "editprotected", "editinterface", "editsitecss", "editsitejson", "editusercss",
    "edituserjson", "import", "importupload", "move-rootuserpages", "movefile", "mergehistory",
    "suppressredirect", "rollback", "patrol", "autopatrol", "markbotedits", "apihighlimits",
    "noratelimit", "ipblock-exempt", "unwatchedpages", "campaignevents-delete-registration", "hideuser",
  ],
};

/** Groups every account is in without being stored (MediaWiki's implicit groups). */
export const IMPLICIT_GROUPS: readonly string[] = ["*", "user"];

/** Groups that can be granted with userrights. */
export const ASSIGNABLE_GROUPS: readonly string[] = Object.keys(GROUP_RIGHTS).filter((g) => !IMPLICIT_GROUPS.includes(g));

/** Rights a blocked account keeps: nothing that writes to the wiki. */
const SURVIVES_BLOCK = new Set([
  "read", "editmyoptions", "viewmyprivateinfo", "editmyprivateinfo", "viewmywatchlist",
  "editmywatchlist", "apihighlimits", "noratelimit", "writeapi",
]);

/** The groups a user is in, implicit ones included (anonymous users only have "*"). */
export function effectiveGroups(user: Pick<User, "groups"> | null): string[] {
  if (!user) return ["*"];
  return [...new Set([...IMPLICIT_GROUPS, ...user.groups])];
}

/** The rights of a user (null: anonymous); `block` is the user's active block, if any. */
export function rightsOf(user: Pick<User, "groups"> | null, block?: object | null): string[] {
  const rights = new Set<string>();
  for (const group of effectiveGroups(user)) {
    for (const right of GROUP_RIGHTS[group] ?? []) rights.add(right);
  }
  const effective = block ? [...rights].filter((right) => SURVIVES_BLOCK.has(right)) : [...rights];
  return effective.sort();
}

export function userCan(user: Pick<User, "groups"> | null, right: string, block?: object | null): boolean {
  return rightsOf(user, block).includes(right);
}
