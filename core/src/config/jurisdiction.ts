import { emptyCountyTable } from "../jurisdiction/county";
import type { Jurisdiction } from "../jurisdiction/settings";
import { readSetting } from "./read";

/** COUNTY_SCOPING and COUNTY_TABLE, as the processes that host domains read them at start. */
export function jurisdictionFromEnv(env: NodeJS.ProcessEnv = process.env): Jurisdiction {
  return { scoping: readSetting("COUNTY_SCOPING", env) === "on", table: readSetting("COUNTY_TABLE", env) ?? emptyCountyTable };
}
