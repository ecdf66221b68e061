import { findLocked, type Person } from "@pap/db";
import { createRecorded, deleteRecorded, updateRecorded, type DomainContext } from "@pap/events";
import { applyMergePatch } from "@pap/kernel";
import { personChanges } from "../domain/events";
import { person as personResource, type PersonAttributes } from "../contract/person";
import { personColumns } from "../domain/person";
import { matchKeyColumns } from "./matching";

/** The persons domain's writes, each with its event; the GraphQL resolvers only call these. */

// The match keys are derived in the write itself, so a person is findable by matching the moment it commits.
const columns = (attributes: PersonAttributes) => ({ attributes: attributes as object, ...personColumns(attributes), ...matchKeyColumns(attributes) });

/**
 * Creates a person; `context` may be a request's or, for another domain's reaction that makes one
 * (case management opening a case for an approved household), that reaction's (`writingIn`).
 */
export const createPerson = (context: Pick<DomainContext, "transaction" | "events">, attributes: PersonAttributes): Promise<Person> =>
  createRecorded<Person>(context, {
    create: (tx) => tx.person.create({ data: columns(attributes) }),
    events: (person) => personChanges.created(person.id, personResource.snapshot(person)),
  });

/** Applies a JSON merge patch to the person's attributes (null removes a field). */
export const updatePerson = (context: DomainContext, id: string, patch: PersonAttributes): Promise<Person> =>
  updateRecorded<Person>(context, {
    resource: "Person",
    id,
    find: (tx) => findLocked(tx, "person", id, () => tx.person.findUnique({ where: { id } })),
    change: (tx, current) => tx.person.update({ where: { id }, data: columns(applyMergePatch(current.attributes, patch) as PersonAttributes) }),
    events: (before, after) => personChanges.updated(id, personResource.snapshot(before), personResource.snapshot(after)),
  });

export const deletePerson = (context: DomainContext, id: string): Promise<string> =>
  deleteRecorded(context, { resource: "Person", id, remove: (tx) => tx.person.deleteMany({ where: { id } }), event: personChanges.deleted });
