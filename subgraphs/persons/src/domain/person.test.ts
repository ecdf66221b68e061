import { countyTableOf } from "@pap/core";
import { countiesWith, personColumns } from "./person";

const nothing = {
  firstName: null,
  lastName: null,
  email: null,
  phoneNumber: null,
  addressCity: null,
  addressState: null,
  addressStateProvince: null,
  addressPostalCode: null,
  addressZip: null,
};

describe("person mirror columns", () => {
  it("mirror the searched paths of the free-form record", () => {
    expect(
      personColumns({
        name: { firstName: "Ana", lastName: "Lopez" },
        email: "ana@example.org",
        phoneNumber: "+1 555 0100",
        address: { city: "Springfield", state: "IL", zip: "62701", stateProvince: "Illinois", postalCode: "62701-0001" },
        notes: "not mirrored",
      }),
    ).toEqual({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@example.org",
      phoneNumber: "+1 555 0100",
      addressCity: "Springfield",
      addressState: "IL",
      addressStateProvince: "Illinois",
      addressPostalCode: "62701-0001",
      addressZip: "62701",
    });
  });
  it("are null when the path is missing or does not hold text", () => {
    expect(personColumns({})).toEqual(nothing);
    expect(personColumns({ name: "Ana Lopez", address: ["Springfield"] })).toEqual(nothing);
    expect(personColumns({ name: { firstName: 3 }, address: { city: { name: "Springfield" } }, email: null })).toEqual(nothing);
  });
});

describe("a person's counties", () => {
  const table = countyTableOf({ Marin: "06041", "94901": "06041" });

  it("add their address's county, by code, name or ZIP, to those they had", () => {
    expect(countiesWith([], { address: { county: "06001" } }, table)).toEqual(["06001"]);
    expect(countiesWith(["06001"], { address: { zip: "94901" } }, table)).toEqual(["06001", "06041"]);
    expect(countiesWith(["06041"], { address: { county: "Marin" } }, table)).toEqual(["06041"]);
  });

  it("keep those they had when the address names no county the table knows", () => {
    expect(countiesWith(["06001"], { address: { zip: "10001" } }, table)).toEqual(["06001"]);
    expect(countiesWith([], { name: { firstName: "Ana" } }, table)).toEqual([]);
  });
});
