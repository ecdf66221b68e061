/**
 * Where a record belongs: the county of its household, as a five-digit FIPS code (state and county),
 * or null for state level. An address names its county as the FIPS code itself, or as a name or a ZIP
 * code that the deployment's county table maps to one (COUNTY_TABLE); anything else is state level.
 */
export type CountyTable = ReadonlyMap<string, string>;

export const FIPS_CODE = /^\d{5}$/;

export const emptyCountyTable: CountyTable = new Map();

/** How a name or ZIP code is looked up: case, spacing and a trailing "County" do not matter; a ZIP+4 is its five digits. */
export function countyKey(text: string): string {
  const squeezed = text.trim().toLowerCase().replace(/\s+/g, " ");
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(squeezed);
  return zip ? zip[1]! : squeezed.replace(/ county$/, "");
}

/** The table from its JSON form, `{ "Alameda": "06001", "94501": "06001" }`; throws naming the first entry that is not a FIPS code. */
export function countyTableOf(entries: unknown): CountyTable {
  if (typeof entries !== "object" || entries === null || Array.isArray(entries))
    throw new Error('must be a JSON object from county names and ZIP codes to FIPS codes, e.g. {"Alameda": "06001"}');
  const table = new Map<string, string>();
  for (const [key, code] of Object.entries(entries)) {
    if (typeof code !== "string" || !FIPS_CODE.test(code))
      throw new Error(`maps '${key}' to ${JSON.stringify(code)}, not a five-digit FIPS code`);
    table.set(countyKey(key), code);
  }
  return table;
}

/** The FIPS code a county name, ZIP code or code stands for; null when it is none the table knows. */
export function countyCodeOf(value: unknown, table: CountyTable): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  if (FIPS_CODE.test(text) && !table.has(text)) return text;
  return table.get(countyKey(text)) ?? null;
}

type AddressLike = { county?: unknown; zip?: unknown; postalCode?: unknown };

/** The county a ZIP code lies in, as the table says: a ZIP code is five digits too, but never a FIPS code itself. */
const countyOfZip = (zip: unknown, table: CountyTable): string | null =>
  typeof zip === "string" && zip.trim() !== "" ? (table.get(countyKey(zip)) ?? null) : null;

/** An address's county: its `county` (a code or a name), else its ZIP code; null (state level) when neither is known. */
export function countyOfAddress(address: unknown, table: CountyTable): string | null {
  if (typeof address !== "object" || address === null) return null;
  const { county, zip, postalCode } = address as AddressLike;
  return countyCodeOf(county, table) ?? countyOfZip(zip, table) ?? countyOfZip(postalCode, table);
}
