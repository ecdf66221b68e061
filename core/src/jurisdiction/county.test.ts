import { countyCodeOf, countyOfAddress, countyTableOf, emptyCountyTable } from "./county";

const table = countyTableOf({ "Alameda County": "06001", "94501": "06001", Marin: "06041", "94901": "06041" });

describe("an address's county", () => {
  it("is its county field when that is a FIPS code, whatever the table holds", () => {
    expect(countyOfAddress({ county: "06075", zip: "94501" }, table)).toBe("06075");
    expect(countyOfAddress({ county: "06075" }, emptyCountyTable)).toBe("06075");
  });

  it("is the table's code for the county's name, however it is written", () => {
    expect(countyOfAddress({ county: "alameda" }, table)).toBe("06001");
    expect(countyOfAddress({ county: "  MARIN   County " }, table)).toBe("06041");
  });

  it("falls back to the ZIP code (ZIP+4 included) when the county is missing or unknown", () => {
    expect(countyOfAddress({ county: "Atlantis", zip: "94901-1234" }, table)).toBe("06041");
    expect(countyOfAddress({ postalCode: "94501" }, table)).toBe("06001");
  });

  it("never takes a ZIP code the table does not know for a FIPS code, five digits though it is", () => {
    expect(countyOfAddress({ zip: "10001" }, table)).toBeNull();
  });

  it("is null, state level, when nothing names a known county", () => {
    expect(countyOfAddress({ county: "Atlantis", zip: "10001" }, table)).toBeNull();
    expect(countyOfAddress(null, table)).toBeNull();
    expect(countyOfAddress({ zip: 94501 }, table)).toBeNull();
  });
});

describe("the county table", () => {
  it("refuses a value that is not a five-digit code, naming the entry", () => {
    expect(() => countyTableOf({ Alameda: "6001" })).toThrow(/'Alameda'/);
    expect(() => countyTableOf(["06001"])).toThrow(/JSON object/);
  });

  it("maps names and codes a token may carry to codes", () => {
    expect(countyCodeOf("Alameda", table)).toBe("06001");
    expect(countyCodeOf("06041", table)).toBe("06041");
    expect(countyCodeOf("Nowhere", table)).toBeNull();
  });
});
