import { afterEach, describe, expect, it } from "vitest";
import { rightsOf } from "../src/index";
import { ADMIN_PASSWORD, manualClock, seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

describe("accounts", () => {
  it("creates a normalised account and verifies its password", async () => {
    h = await seededStore();
    const user = await h.store.users.create("jane_doe", "a good password");
    expect(user).toMatchObject({ name: "Jane doe", groups: [] });
    expect(await h.store.users.byName("Jane_doe")).toEqual(user);
    expect(await h.store.users.byId(user.id)).toEqual(user);
    expect((await h.store.users.verifyPassword("jane doe", "a good password"))?.id).toBe(user.id);
    expect(await h.store.users.verifyPassword("Jane doe", "a bad password")).toBeNull();
    expect(await h.store.users.verifyPassword("Nobody", "a good password")).toBeNull();
    expect(await h.store.users.byId(-1)).toBeNull();
  });

  it("enforces unique names, valid names and the password policy", async () => {
    h = await seededStore();
    await h.store.users.create("Alice", "first password");
    await expect(h.store.users.create("alice", "second password")).rejects.toMatchObject({ code: "userexists" });
    await expect(h.store.users.create("Bad:Name", "a good password")).rejects.toMatchObject({ code: "invalidusername" });
    await expect(h.store.users.create("Bob", "short")).rejects.toMatchObject({ code: "passwordtooshort" });
    await expect(h.store.users.create("Carol", "x", { groups: ["emperor"] })).rejects.toMatchObject({ code: "passwordtooshort" });
    await expect(h.store.users.create("Carol", "a good password", { groups: ["emperor"] })).rejects.toMatchObject({ code: "badvalue" });
  });

  it("lets the seeded administrator log in", async () => {
    h = await seededStore();
    const admin = await h.store.users.verifyPassword("Admin", ADMIN_PASSWORD);
    expect(admin?.groups.sort()).toEqual(["event-organizer", "sysop"]);
  });

  it("changes passwords under the same policy", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    await expect(h.store.users.setPassword(alice, "tiny")).rejects.toMatchObject({ code: "passwordtooshort" });
    await h.store.users.setPassword(alice, "a brand new password");
    expect(await h.store.users.verifyPassword("Alice", "a brand new password")).not.toBeNull();
  });
});

describe("user groups", () => {
  it("lets a sysop add and remove groups", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const promoted = await h.store.users.setGroups(alice, ["event-organizer", "sysop"], [], h.admin);
    expect(promoted.groups).toEqual(["event-organizer", "sysop"]);
    const demoted = await h.store.users.setGroups(promoted, [], ["sysop"], h.admin);
    expect(demoted.groups).toEqual(["event-organizer"]);
    expect((await h.store.users.byName("Alice"))?.groups).toEqual(["event-organizer"]);
  });

  it("refuses users without the userrights right, blocked sysops and unknown groups", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    await expect(h.store.users.setGroups(bob, ["sysop"], [], alice)).rejects.toMatchObject({ code: "permissiondenied" });
    await expect(h.store.users.setGroups(bob, ["*"], [], h.admin)).rejects.toMatchObject({ code: "badvalue" });
    const sysop = await h.store.users.setGroups(alice, ["sysop"], [], h.admin);
    await h.store.blocks.block(sysop, h.admin, { reason: "test" });
    await expect(h.store.users.setGroups(bob, ["sysop"], [], sysop)).rejects.toMatchObject({ code: "blocked" });
  });
});

describe("blocks", () => {
  it("blocks and unblocks, recording who and why", async () => {
    h = await seededStore();
    const vandal = await h.newUser("Vandal");
    expect(await h.store.blocks.active(vandal)).toBeNull();
    const placed = await h.store.blocks.block(vandal, h.admin, { reason: "Spamming links" });
    expect(placed.expiry).toBeNull();
    const active = await h.store.blocks.active(vandal);
    expect(active).toMatchObject({ id: placed.id, reason: "Spamming links", by: "Admin", expiry: null });
    expect(rightsOf(vandal, active)).not.toContain("edit");
    await expect(h.store.blocks.block(vandal, h.admin, {})).rejects.toMatchObject({ code: "alreadyblocked" });
    await h.store.blocks.unblock(vandal, h.admin);
    expect(await h.store.blocks.active(vandal)).toBeNull();
    await expect(h.store.blocks.unblock(vandal, h.admin)).rejects.toMatchObject({ code: "cantunblock" });
  });

  it("needs the block right, and a blocked admin may only unblock themselves", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    await expect(h.store.blocks.block(bob, alice, {})).rejects.toMatchObject({ code: "permissiondenied" });
    const sysop = await h.store.users.setGroups(alice, ["sysop"], [], h.admin);
    await h.store.blocks.block(sysop, h.admin, {});
    await expect(h.store.blocks.block(bob, sysop, {})).rejects.toMatchObject({ code: "blocked" });
    await h.store.blocks.unblock(sysop, sysop);
    expect(await h.store.blocks.active(sysop)).toBeNull();
  });

  it("expires, after which the user can be blocked again", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now });
    const vandal = await h.newUser("Vandal");
    await expect(h.store.blocks.block(vandal, h.admin, { expiry: new Date(clock.now().getTime() - 1000) })).rejects.toMatchObject({ code: "invalidexpiry" });
    const placed = await h.store.blocks.block(vandal, h.admin, { expiry: new Date(clock.now().getTime() + 3600_000) });
    expect(placed.expiry).toEqual(new Date(clock.now().getTime() + 3600_000));
    expect(await h.store.blocks.active(vandal)).not.toBeNull();
    clock.advance(3600_000);
    expect(await h.store.blocks.active(vandal)).toBeNull();
    await expect(h.store.blocks.unblock(vandal, h.admin)).rejects.toMatchObject({ code: "cantunblock" });
    await h.store.blocks.block(vandal, h.admin, { reason: "again" });
    expect((await h.store.blocks.active(vandal))?.reason).toBe("again");
  });
});
