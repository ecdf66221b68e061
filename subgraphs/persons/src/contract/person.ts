import type { FieldDef } from "@pap/kernel/list";
import { defineResource } from "@pap/kernel/resource";
import { Prisma } from "@pap/db";

/**
 * The free-form paths a person list searches most (names, contact, address), each mirrored into a
 * column of its own: a path inside JSON can only be scanned, a column carries a trigram index that
 * answers contains, starts-with and ends-with alike. A mirror holds the path's text, or NULL when the
 * path is missing or holds anything else. Both spellings of the address are kept (`state`/`zip` and
 * `stateProvince`/`postalCode`), since records written under either are on file.
 */
export const personMirrors = {
  firstName: ["name", "firstName"],
  lastName: ["name", "lastName"],
  email: ["email"],
  phoneNumber: ["phoneNumber"],
  addressCity: ["address", "city"],
  addressState: ["address", "state"],
  addressStateProvince: ["address", "stateProvince"],
  addressPostalCode: ["address", "postalCode"],
  addressZip: ["address", "zip"],
} as const satisfies Record<string, readonly string[]>;

export type PersonMirrorColumn = keyof typeof personMirrors;

// Names and e-mail are what a caseworker types into a search box, so a bare term looks there.
const bareTermColumns: ReadonlySet<PersonMirrorColumn> = new Set(["firstName", "lastName", "email"]);
// Sorting is offered where a B-tree keeps it an index walk: the name columns.
const sortableColumns: ReadonlySet<PersonMirrorColumn> = new Set(["firstName", "lastName"]);
// An e-mail address is typed whole, and at a million persons its trigrams are too common to find it fast.
const columnsWithSubstringIndex: ReadonlySet<PersonMirrorColumn> = new Set(["email"]);

const mirroredListFields = Object.fromEntries(
  Object.entries(personMirrors).map(([column, path]) => [
    path.join("."),
    {
      kind: "string",
      column,
      nullable: true,
      search: bareTermColumns.has(column as PersonMirrorColumn),
      sort: sortableColumns.has(column as PersonMirrorColumn),
      ...(columnsWithSubstringIndex.has(column as PersonMirrorColumn) && { substringIndex: true }),
    } satisfies FieldDef & { sort: boolean; search: boolean },
  ]),
);

/**
 * A person, declared once. The record is free-form: whatever the client writes is kept as it is
 * (`attributes`), and only the server-set fields are the platform's own. Lists filter and sort the
 * mirrored paths through their columns and any other path inside the JSON. The match keys
 * (`domain/matching.ts`) are never shown: they exist for person matching's index lookups.
 */
export const person = defineResource({
  name: "Person",
  plural: "persons",
  model: "Person",
  description: "A person known to the agency. Apart from the server-set fields the record is free-form.",
  fields: {
    id: { kind: "uuid" },
    attributes: { kind: "json", spread: true, description: "The free-form person record as the client wrote it." },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  // `counties` (county scoping) is the platform's, kept beside the free-form record rather than in it.
  storedOnly: ["ssnKey", "nameBirthKey", "matchKeyVersion", "counties"],
  list: {
    defaultSort: "-updatedAt",
    anyNull: Prisma.AnyNull,
    extra: {
      ...mirroredListFields,
      name: { kind: "string", column: "lastName", nullable: true, sortBy: ["lastName", "firstName"], sort: true },
    },
  },
});

/** The free-form record as a client writes it. */
export type PersonAttributes = Record<string, unknown>;
