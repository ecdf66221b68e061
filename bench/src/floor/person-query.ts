// The `q` forms the benchmark sends (`path:text`, `path:text*`), compiled as the platform's list compiles them: the same statement
// shape (ILIKE on the mirror column) over the same indexes.

/** The mirrored paths of a person record and their columns (subgraphs/persons/src/contract/person.ts). */
const mirrorColumns: Record<string, string> = {
  "name.firstName": "firstName",
  "name.lastName": "lastName",
  email: "email",
  phoneNumber: "phoneNumber",
  "address.city": "addressCity",
  "address.state": "addressState",
  "address.stateProvince": "addressStateProvince",
  "address.postalCode": "addressPostalCode",
  "address.zip": "addressZip",
};

export type PersonFilter = { where: string; values: string[] };

/** Thrown for a `q` the floor does not read; answered 400. */
export class UnsupportedQuery extends Error {}

/** A path whose mirror is not among `columns` (a schema from before the mirrors) is read from the record, as the platform then did. */
export function personFilter(q: string | undefined, columns: ReadonlySet<string>): PersonFilter {
  const conditions: string[] = [];
  const values: string[] = [];
  for (const term of (q ?? "").split(/\s+/).filter(Boolean)) {
    const colon = term.indexOf(":");
    if (colon <= 0) throw new UnsupportedQuery(`the floor reads only path:value conditions, not '${term}'`);
    const path = term.slice(0, colon);
    let text = term.slice(colon + 1);
    const prefix = text.endsWith("*");
    if (prefix) text = text.slice(0, -1);
    if (!text || text.includes("*") || text.includes('"')) throw new UnsupportedQuery(`the floor does not read the value of '${term}'`);
    const column = mirrorColumns[path];
    if (!column) throw new UnsupportedQuery(`the floor has no column for '${path}'`);
    values.push(`${prefix ? "" : "%"}${escapeLike(text)}%`);
    const target = columns.has(column) ? `"${column}"` : `attributes #>> '{${path.split(".").join(",")}}'`;
    conditions.push(`${target} ILIKE $${values.length}`);
  }
  return { where: conditions.length ? conditions.join(" AND ") : "TRUE", values };
}

/** As the platform escapes a LIKE pattern: `%`, `_` and the escape character itself stand for themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export const mirrorColumnNames = Object.values(mirrorColumns);
