import { stateWide } from "@pap/core";
import { countyReachOf } from "./county-reach";
import { agreementOf, coversPrograms, seesIdentifiers } from "./partner-agreement";
import type { Principal } from "./principal";

const caller = (roles: Principal["roles"], agreement: Partial<Principal> = {}): Principal => ({
  kind: "user",
  id: "caller",
  roles,
  counties: [],
  ...agreement,
});

describe("a partner's data-sharing agreement", () => {
  it("is what a partner's credential names: its programs, and whether it shares identifiers", () => {
    expect(agreementOf(caller(["partner_readonly"], { programs: ["medicaid"], sharesIdentifiers: true }))).toEqual({
      programs: ["medicaid"],
      sharesIdentifiers: true,
    });
  });

  it("grants nothing it does not name: no programs, no identifiers", () => {
    const unnamed = agreementOf(caller(["partner_readonly"]));
    expect(unnamed).toEqual({ programs: [], sharesIdentifiers: false });
    expect(coversPrograms(unnamed, ["snap", "medicaid"])).toBe(false);
    expect(seesIdentifiers(caller(["partner_readonly"]))).toBe(false);
  });

  it("does not bind staff or the system, even beside the partner role", () => {
    expect(agreementOf(caller(["case_worker"]))).toBeUndefined();
    expect(agreementOf(caller(["partner_readonly", "supervisor"], { programs: ["snap"] }))).toBeUndefined();
    expect(agreementOf(caller(["system"]))).toBeUndefined();
    expect(seesIdentifiers(caller(["case_worker"]))).toBe(true);
    expect(coversPrograms(undefined, [])).toBe(true);
  });

  it("covers a record applying for any one of its programs", () => {
    const agreement = { programs: ["medicaid", "chip"], sharesIdentifiers: false };
    expect(coversPrograms(agreement, ["snap", "chip"])).toBe(true);
    expect(coversPrograms(agreement, ["snap"])).toBe(false);
    expect(coversPrograms(agreement, [])).toBe(false);
  });

  it("holds a partner to its counties whether or not the deployment scopes its staff", () => {
    expect(countyReachOf(caller(["partner_readonly"], { counties: ["06001"] }), stateWide)).toEqual(["06001"]);
    expect(countyReachOf(caller(["case_worker"], { counties: ["06001"] }), stateWide)).toBeUndefined();
  });
});
