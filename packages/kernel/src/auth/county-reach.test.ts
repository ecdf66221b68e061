import { countyTableOf, stateWide } from "@pap/core";
import { countyReachOf, homeCounty, reaches } from "./county-reach";
import type { Principal } from "./principal";

const scoping = { scoping: true, table: countyTableOf({ Alameda: "06001" }) };
const worker = (counties: string[], roles: Principal["roles"] = ["case_worker"]): Principal => ({
  kind: "user",
  id: "worker",
  roles,
  counties,
});

describe("a caller's county reach", () => {
  it("is every county while the deployment does not scope", () => {
    expect(countyReachOf(worker(["06001"]), stateWide)).toBeUndefined();
  });

  it("is the counties the token names, names read through the county table", () => {
    expect(countyReachOf(worker(["Alameda", "06041"]), scoping)).toEqual(["06001", "06041"]);
  });

  it("is every county for staff with no county, a state administrator and the system", () => {
    expect(countyReachOf(worker([]), scoping)).toBeUndefined();
    expect(countyReachOf(worker(["06001"], ["state_admin"]), scoping)).toBeUndefined();
    expect(countyReachOf({ kind: "system", id: "system", roles: ["system"], counties: ["06001"] }, scoping)).toBeUndefined();
  });

  it("leaves state-level records to those who reach every county", () => {
    expect(reaches(["06001"], null)).toBe(false);
    expect(reaches(undefined, null)).toBe(true);
    expect(reaches(["06001"], "06001")).toBe(true);
  });

  it("places what a confined caller creates in their first county, anyone else's at state level", () => {
    expect(homeCounty(["06041", "06001"])).toBe("06041");
    expect(homeCounty(undefined)).toBeNull();
  });
});
