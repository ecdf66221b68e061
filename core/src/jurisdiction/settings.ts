import { emptyCountyTable, type CountyTable } from "./county";

/** The deployment's county settings: whether staff are held to their counties, and how addresses name counties. */
export type Jurisdiction = { scoping: boolean; table: CountyTable };

/** Every county reached by everyone, only FIPS codes known: what the platform runs with unless configured. */
export const stateWide: Jurisdiction = { scoping: false, table: emptyCountyTable };
