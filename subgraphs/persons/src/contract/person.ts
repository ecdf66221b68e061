import { Prisma } from "@pap/db";
import { defineResource } from "@pap/kernel";

/**
 * A person, declared once. The record is free-form: whatever the client writes is kept as it is
 * (`attributes`), and only the server-set fields are the platform's own. The name columns mirror
 * `name.firstName` / `name.lastName`, so lists sort and search by name through an index rather than
 * by scanning JSON. The match keys (`domain/matching.ts`) are never shown: they exist for person
 * matching's index lookups.
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
  storedOnly: ["ssnKey", "nameBirthKey", "matchKeyVersion"],
  list: {
    defaultSort: "-updatedAt",
    anyNull: Prisma.AnyNull,
    extra: {
      "name.firstName": { kind: "string", column: "firstName", nullable: true, search: true, sort: true },
      "name.lastName": { kind: "string", column: "lastName", nullable: true, search: true, sort: true },
      name: { kind: "string", column: "lastName", nullable: true, sortBy: ["lastName", "firstName"], sort: true },
    },
  },
});

/** The free-form record as a client writes it. */
export type PersonAttributes = Record<string, unknown>;
