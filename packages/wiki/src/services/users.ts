/** Accounts: creation under the name and password policies, lookup, login checks, groups. */
import { StoreError } from "../errors";
import type { Db, Tx } from "../db/client";
import { decoyHash, hashPassword, verifyPassword as checkHash } from "../auth/password";
import { ASSIGNABLE_GROUPS, userCan } from "../auth/permissions";
import { checkPasswordPolicy, normalizeUserName, validUserName } from "../auth/user-names";
import type { User } from "../types";
import type { StoreContext } from "./context";
import { findActiveBlock } from "./blocks";
import { isId } from "./validate";

type UserRow = { id: number; name: string; registration: Date; groups: { group: string }[] };
const WITH_GROUPS = { groups: { select: { group: true }, orderBy: { group: "asc" as const } } };

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, registration: row.registration, groups: row.groups.map((g) => g.group) };
}

export async function findUserByName(db: Db | Tx, name: string): Promise<User | null> {
  const row = await db.user.findUnique({ where: { name: normalizeUserName(name) }, include: WITH_GROUPS });
  return row ? toUser(row) : null;
}

export async function findUserById(db: Db | Tx, id: number): Promise<User | null> {
  const row = await db.user.findUnique({ where: { id }, include: WITH_GROUPS });
  return row ? toUser(row) : null;
}

/** Inserts an account whose password is already hashed; throws 'userexists'. */
export async function insertUser(db: Db | Tx, name: string, passwordHash: string, groups: string[], registration: Date): Promise<User> {
  const taken = () => new StoreError("userexists", `The user name "${name}" is already in use.`);
  if (await db.user.findUnique({ where: { name }, select: { id: true } })) throw taken();
  try {
    const row = await db.user.create({
      data: { name, passwordHash, registration, groups: { create: [...new Set(groups)].map((group) => ({ group })) } },
      include: WITH_GROUPS,
    });
    return toUser(row);
  } catch (error) {
    // Another process may have taken the name between the check and the insert.
    if ((error as { code?: unknown }).code === "P2002") throw taken();
    throw error;
  }
}

function checkGroups(groups: readonly string[]): void {
  for (const group of groups) {
    if (!ASSIGNABLE_GROUPS.includes(group)) throw new StoreError("badvalue", `Unrecognized group "${group}".`);
  }
}

export function usersService(ctx: StoreContext) {
  return {
    /**
     * Creates an account. The name is normalised as a User: title; the password must satisfy the
     * policy. Throws 'invalidusername', 'passwordtooshort', 'passwordtoolong', 'password-name-match',
     * 'userexists' or 'badvalue' (unknown group).
     */
    async create(name: string, password: string, opts: { groups?: string[] } = {}): Promise<User> {
      const normal = validUserName(name);
      checkPasswordPolicy(normal, password);
      const groups = opts.groups ?? [];
      checkGroups(groups);
      // Refuse a taken name before spending a slow hash on it.
      const taken = await ctx.queue.run(() => findUserByName(ctx.db, normal));
      if (taken) throw new StoreError("userexists", `The user name "${normal}" is already in use.`);
      const hash = await hashPassword(password);
      return ctx.queue.run(() => insertUser(ctx.db, normal, hash, groups, ctx.now()));
    },

    byName(name: string): Promise<User | null> {
      return ctx.queue.run(() => findUserByName(ctx.db, name));
    },

    byId(id: number): Promise<User | null> {
      if (!isId(id)) return Promise.resolve(null);
      return ctx.queue.run(() => findUserById(ctx.db, id));
    },

    /** The user when the password is right, else null. Takes as long for unknown names. */
    async verifyPassword(name: string, password: string): Promise<User | null> {
      if (password.length > 4096) return null;
      const row = await ctx.queue.run(() =>
        ctx.db.user.findUnique({ where: { name: normalizeUserName(name) }, include: WITH_GROUPS }),
      );
      if (!row) {
        await checkHash(password, await decoyHash());
        return null;
      }
      return (await checkHash(password, row.passwordHash)) ? toUser(row) : null;
    },

    /** Sets a new password (policy applies). */
    async setPassword(target: User, password: string): Promise<void> {
      checkPasswordPolicy(target.name, password);
      const hash = await hashPassword(password);
      await ctx.queue.run(() => ctx.db.user.update({ where: { id: target.id }, data: { passwordHash: hash } }));
    },

    /** Number of revisions the user has made (MediaWiki's editcount). */
    editCount(user: User): Promise<number> {
      return ctx.queue.run(() => ctx.db.revision.count({ where: { userId: user.id } }));
    },

    /**
     * Adds and removes groups as `by`, who needs the userrights right and must not be blocked.
     * Throws 'permissiondenied', 'blocked', 'badvalue' or 'nosuchuser'.
     */
    async setGroups(target: User, add: string[], remove: string[], by: User): Promise<User> {
      checkGroups([...add, ...remove]);
      return ctx.transaction(async (tx) => {
        const actor = await findUserById(tx, by.id);
        if (!actor) throw new StoreError("nosuchuser", `There is no user with id ${by.id}.`);
        const block = await findActiveBlock(tx, actor.id, ctx.now());
        if (!userCan(actor, "userrights")) throw new StoreError("permissiondenied", "You are not allowed to change user groups.");
        if (block) throw new StoreError("blocked", "You are blocked and cannot change user groups.");
        const current = await findUserById(tx, target.id);
        if (!current) throw new StoreError("nosuchuser", `The user "${target.name}" does not exist.`);
        const removing = remove.filter((g) => !add.includes(g));
        if (removing.length > 0) await tx.userGroup.deleteMany({ where: { userId: current.id, group: { in: removing } } });
        for (const group of new Set(add)) {
          if (!current.groups.includes(group)) await tx.userGroup.create({ data: { userId: current.id, group, added: ctx.now() } });
        }
        return (await findUserById(tx, current.id))!;
      });
    },
  };
}
