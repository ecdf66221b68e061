import type { ApiError } from "@pap/core";
import type { PermissionTable } from "@pap/kernel/auth";
import { roleGrants, tokenClaimsFor } from "./claims";
import { requestedRoles } from "./user";
import { user } from "../contract/user";

const catalog: PermissionTable[] = [
  { "users:read": ["county_admin"], "users:deactivate": ["state_admin"] },
  { "persons:read": ["case_worker", "partner_readonly"], "persons:delete": ["case_worker"] },
];
const account = {
  id: "0b7c7c58-7a2c-4a55-9d43-7b7f9e0e0001",
  idpSubject: "idp|9",
  email: "a@b.gov",
  name: null,
  roles: ["supervisor", "partner_readonly"],
  status: "active" as const,
  counties: ["06075"],
  programs: ["medicaid"],
  sharesIdentifiers: false,
  organizationId: null,
  personId: null,
};

describe("token claims", () => {
  it("describe each role by what it grants, inherited grants included", () => {
    expect(roleGrants(["supervisor", "not-a-role"], catalog)).toEqual([
      { name: "supervisor", permissions: ["persons:delete", "persons:read"] },
    ]);
    expect(roleGrants(["state_admin"], catalog)[0]!.permissions).toEqual([
      "persons:delete",
      "persons:read",
      "users:deactivate",
      "users:read",
    ]);
  });

  it("carries the account's id, first role, every permission, county scope and data-sharing agreement", () => {
    expect(tokenClaimsFor(account, "idp|9", catalog)).toMatchObject({
      sub: "idp|9",
      userId: account.id,
      role: "supervisor",
      permissions: ["persons:delete", "persons:read"],
      counties: ["06075"],
      programs: ["medicaid"],
      sharesIdentifiers: false,
    });
  });

  it("refuses an unknown subject and any account that is not active", () => {
    const status = (work: () => unknown) => {
      try {
        work();
        return 200;
      } catch (error) {
        return (error as ApiError).status;
      }
    };
    expect(status(() => tokenClaimsFor(null, "idp|x", catalog))).toBe(404);
    for (const state of ["inactive", "pending", "suspended"] as const)
      expect(status(() => tokenClaimsFor({ ...account, status: state }, "idp|9", catalog))).toBe(404);
  });
});

describe("UserCreate", () => {
  it("takes one role, several, or both, each named once", () => {
    const base = { idpSubject: "idp|1", email: "a@b.gov" };
    expect(
      requestedRoles(
        user.createBody.parse({ ...base, role: "case_worker", roles: ["case_worker", { name: "supervisor", permissions: [] }] }),
      ),
    ).toEqual(["case_worker", "supervisor"]);
    expect(user.createBody.safeParse(base).success).toBe(false);
  });
});
