import { z } from "zod";
import { Prisma } from "@pap/db";
import { defineListSpec } from "@pap/kernel";

/** A person is a free-form object; only the server-set fields are the platform's own. */
export const personBody = z.record(z.string(), z.unknown());
export type PersonAttributes = z.infer<typeof personBody>;

/**
 * Name columns mirror `name.firstName` / `name.lastName` of the free-form attributes so that lists
 * sort and search by name through an index rather than by scanning JSON.
 */
export function nameColumns(attributes: PersonAttributes): { firstName: string | null; lastName: string | null } {
  const name = attributes.name;
  const part = (key: string) => {
    if (name === null || typeof name !== "object") return null;
    const value = (name as Record<string, unknown>)[key];
    return typeof value === "string" ? value : null;
  };
  return { firstName: part("firstName"), lastName: part("lastName") };
}

export const personListSpec = defineListSpec({
  resource: "persons",
  fields: {
    id: { kind: "uuid" },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
    "name.firstName": { kind: "string", column: "firstName", nullable: true },
    "name.lastName": { kind: "string", column: "lastName", nullable: true },
    name: { kind: "string", column: "lastName", nullable: true, sortBy: ["lastName", "firstName"] },
  },
  freeForm: { column: "attributes" },
  anyNull: Prisma.AnyNull,
  fullText: ["name.firstName", "name.lastName"],
  sortable: ["createdAt", "updatedAt", "name", "name.lastName", "name.firstName"],
  defaultSort: "-updatedAt",
});

/** The record as the API shows it (and as events carry it): the attributes plus the server fields. */
export function personSnapshot(person: { id: string; attributes: unknown; createdAt: Date; updatedAt: Date }): Record<string, unknown> {
  return { ...(person.attributes as PersonAttributes), id: person.id, createdAt: person.createdAt.toISOString(), updatedAt: person.updatedAt.toISOString() };
}
