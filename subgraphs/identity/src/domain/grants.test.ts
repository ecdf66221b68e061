import { ApiError } from "@pap/core";
import type { Principal, Role } from "@pap/kernel/auth";
import { checkAccountInScope, checkCountiesAssignable, checkNotOwnGrants, checkRolesGrantable, grantableRoles } from "./grants";

const caller = (roles: Role[], counties: string[] = []): Principal => ({ kind: "user", id: "u-1", subject: "idp|1", roles, counties });
const refused = (work: () => void) => {
  try {
    work();
  } catch (error) {
    return error instanceof ApiError ? error.status : error;
  }
  return "allowed";
};

describe("who may grant what", () => {
  it("lets a state administrator grant every role, a county administrator only those below them", () => {
    expect(grantableRoles(caller(["state_admin"])).size).toBe(7);
    expect([...grantableRoles(caller(["county_admin"]))].sort()).toEqual(["applicant", "case_worker", "county_admin", "supervisor"]);
    expect(refused(() => checkRolesGrantable(caller(["county_admin"]), ["supervisor", "applicant"]))).toBe("allowed");
    expect(refused(() => checkRolesGrantable(caller(["county_admin"]), ["state_admin"]))).toBe(403);
    expect(refused(() => checkRolesGrantable(caller(["county_admin"]), ["system"]))).toBe(403);
  });

  it("confines a county-scoped administrator to their counties, and leaves unscoped ones free", () => {
    const scoped = caller(["county_admin"], ["06075"]);
    expect(refused(() => checkCountiesAssignable(scoped, ["06075"]))).toBe("allowed");
    expect(refused(() => checkCountiesAssignable(scoped, ["06075", "06001"]))).toBe(403);
    expect(refused(() => checkAccountInScope(scoped, { counties: ["06075"] }))).toBe("allowed");
    expect(refused(() => checkAccountInScope(scoped, { counties: [] }))).toBe(403);
    expect(refused(() => checkAccountInScope(caller(["county_admin"]), { counties: ["06001"] }))).toBe("allowed");
    expect(refused(() => checkAccountInScope(caller(["state_admin"], ["06075"]), { counties: ["06001"] }))).toBe("allowed");
  });

  it("refuses changes to one's own grants, recognising oneself by id or subject", () => {
    expect(refused(() => checkNotOwnGrants(caller(["state_admin"]), { id: "u-1", idpSubject: "idp|other" }, ["roles"]))).toBe(403);
    expect(refused(() => checkNotOwnGrants(caller(["state_admin"]), { id: "u-2", idpSubject: "idp|1" }, ["status"]))).toBe(403);
    expect(refused(() => checkNotOwnGrants(caller(["state_admin"]), { id: "u-1", idpSubject: "idp|1" }, ["name", "preferences"]))).toBe(
      "allowed",
    );
    expect(refused(() => checkNotOwnGrants(caller(["state_admin"]), { id: "u-2", idpSubject: "idp|2" }, ["roles"]))).toBe("allowed");
  });
});
