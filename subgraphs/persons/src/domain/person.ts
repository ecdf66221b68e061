import { countyOfAddress, type CountyTable } from "@pap/core";
import { personMirrors, type PersonAttributes, type PersonMirrorColumn } from "../contract/person";

const textAt = (record: unknown, path: readonly string[]): string | null => {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : null;
};

/**
 * The mirror columns of a person's free-form record (`personMirrors`): the text at each mirrored
 * path, or null. Written with every create and update, so the indexes that lists use never lag.
 */
export function personColumns(attributes: PersonAttributes): Record<PersonMirrorColumn, string | null> {
  return Object.fromEntries(Object.entries(personMirrors).map(([column, path]) => [column, textAt(attributes, path)])) as Record<
    PersonMirrorColumn,
    string | null
  >;
}

/**
 * The counties a person belongs to once their record reads `attributes`: those they had (a county that
 * held a record of theirs keeps reaching them), and their address's when the county table knows it.
 */
export function countiesWith(had: readonly string[], attributes: PersonAttributes, table: CountyTable): string[] {
  const own = countyOfAddress(attributes.address, table);
  return own === null || had.includes(own) ? [...had] : [...had, own];
}
