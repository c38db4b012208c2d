import { describe, expect, it } from "vitest";
import { ASSIGNABLE_GROUPS, GROUP_RIGHTS, effectiveGroups, rightsOf, userCan } from "../src/auth/permissions";

const member = (...groups: string[]) => ({ groups });
const block = { id: 1, reason: "vandalism" };

describe("rights from groups", () => {
  it("gives anonymous visitors reading and account creation only", () => {
    expect(rightsOf(null)).toEqual(["createaccount", "read"]);
    expect(userCan(null, "edit")).toBe(false);
    expect(effectiveGroups(null)).toEqual(["*"]);
  });

  it("lets every account edit and create pages through the implicit user group", () => {
    const user = member();
    expect(effectiveGroups(user)).toEqual(["*", "user"]);
    expect(userCan(user, "edit")).toBe(true);
    expect(userCan(user, "createpage")).toBe(true);
    expect(userCan(user, "block")).toBe(false);
    expect(userCan(user, "campaignevents-enable-registration")).toBe(false);
  });

  it("grants event organizers the CampaignEvents rights", () => {
    const organizer = member("event-organizer");
    expect(userCan(organizer, "campaignevents-enable-registration")).toBe(true);
    expect(userCan(organizer, "campaignevents-organize-events")).toBe(true);
    expect(userCan(organizer, "userrights")).toBe(false);
  });

  it("grants sysops blocking, user rights and interface editing", () => {
    const sysop = member("sysop");
    for (const right of ["block", "userrights", "delete", "protect", "editinterface"]) {
      expect(userCan(sysop, right)).toBe(true);
    }
    expect(userCan(sysop, "campaignevents-organize-events")).toBe(false);
  });

  it("combines groups without duplicates, sorted", () => {
    const rights = rightsOf(member("sysop", "event-organizer"));
    expect(new Set(rights).size).toBe(rights.length);
    expect([...rights].sort()).toEqual(rights);
    expect(rights).toContain("campaignevents-organize-events");
    expect(rights).toContain("block");
  });

  it("ignores unknown groups", () => {
    expect(rightsOf(member("no-such-group"))).toEqual(rightsOf(member()));
  });

  it("takes every write right away from blocked users and keeps reading", () => {
    const admin = member("sysop", "event-organizer");
    const blocked = rightsOf(admin, block);
    expect(blocked).toContain("read");
    for (const right of ["edit", "createpage", "move", "upload", "block", "userrights", "delete", "campaignevents-organize-events", "campaignevents-enable-registration"]) {
      expect(blocked).not.toContain(right);
      expect(userCan(admin, right, block)).toBe(false);
      expect(userCan(admin, right, null)).toBe(true);
    }
  });

  it("lets only explicit groups be assigned", () => {
    expect(ASSIGNABLE_GROUPS).toContain("sysop");
    expect(ASSIGNABLE_GROUPS).toContain("event-organizer");
    expect(ASSIGNABLE_GROUPS).not.toContain("*");
    expect(ASSIGNABLE_GROUPS).not.toContain("user");
    expect(Object.keys(GROUP_RIGHTS)).toEqual(expect.arrayContaining(["*", "user", "event-organizer", "sysop"]));
  });
});
