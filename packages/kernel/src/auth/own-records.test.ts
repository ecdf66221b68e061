import type { CallerContext } from "./caller";
import { allOrOwnRecords } from "./own-records";

const caller = (permissions: string[] | undefined): CallerContext => ({
  principal: () => Promise.reject(new Error("not asked")),
  permissions: () => Promise.reject(new Error("not asked")),
  account: () => Promise.reject(new Error("not asked")),
  countyReach: () => Promise.reject(new Error("not asked")),
  agreement: () => Promise.reject(new Error("not asked")),
  knownPrincipal: () => undefined,
  knownAccount: () => undefined,
  knownPermissions: () => (permissions ? new Set(permissions) : undefined),
});

describe("allOrOwnRecords", () => {
  const scopes = allOrOwnRecords<{ id: string }>("persons:read", "persons:read:own", (person) => ({ ownPerson: person.id }));

  it("lets a caller known to read every record through without a scope map", () => {
    expect(scopes({ id: "p1" }, caller(["persons:read"]))).toBe(true);
  });

  it("asks an own-records reader for the record to be theirs", () => {
    expect(scopes({ id: "p1" }, caller(["persons:read:own"]))).toEqual({
      $any: { permission: "persons:read", $all: { permission: "persons:read:own", ownPerson: "p1" } },
    });
  });

  it("asks for the whole map while the caller's permissions are not yet known", () => {
    expect(scopes({ id: "p2" }, caller(undefined))).toEqual({
      $any: { permission: "persons:read", $all: { permission: "persons:read:own", ownPerson: "p2" } },
    });
  });
});
