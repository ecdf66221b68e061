import { randomUUID } from "node:crypto";
import { applyMergePatch } from "@pap/kernel/validation";
import { findLocked, Prisma, sealedJson, type Person, type SqlTransaction } from "@pap/db";
import { deleteRecorded, updateRecorded, type DomainContext, type EventRecorder } from "@pap/events";
import { personChanges } from "../domain/events";
import { person as personResource, type PersonAttributes } from "../contract/person";
import { countiesWith, personColumns } from "../domain/person";
import { matchKeyColumns } from "./matching";

/** The persons domain's writes, each with its event; the GraphQL resolvers only call these. */

// The match keys are derived in the write itself, so a person is findable by matching the moment it commits.
const columns = (attributes: PersonAttributes) => ({
  attributes: attributes as object,
  ...personColumns(attributes),
  ...matchKeyColumns(attributes),
});

/** A write's transaction as the create needs it: raw SQL alone, so a request's runs on the driver (`sqlTransaction`) and a reaction's in its own. */
type SqlWriteContext = { transaction: <T>(work: (tx: SqlTransaction) => Promise<T>) => Promise<T>; events: EventRecorder };

/** The person's row, inserted by hand-written SQL: the platform's hottest write, where Prisma's model query cost more than the statements. */
async function insertPerson(tx: SqlTransaction, attributes: PersonAttributes, counties: readonly string[]): Promise<Person> {
  const { attributes: record, ...mirrors } = columns(attributes);
  const names = Object.keys(mirrors);
  const [created] = await tx.$queryRaw<Person[]>(Prisma.sql`
    INSERT INTO person (id, attributes, ${Prisma.join(names.map((name) => Prisma.raw(`"${name}"`)))}, counties, "createdAt", "updatedAt")
    VALUES (${randomUUID()}::uuid, ${sealedJson(record)}::jsonb, ${Prisma.join(names.map((name) => mirrors[name as keyof typeof mirrors] ?? null))}, ${[...counties]}::text[], now(), now())
    RETURNING *`);
  return created!;
}

/**
 * Creates a person with its event. A request's create runs on the driver; another domain's reaction
 * that makes one (case management opening a case for an approved household) passes its own
 * transaction (`writingIn`).
 */
export function createPerson(context: SqlWriteContext, attributes: PersonAttributes, counties: readonly string[] = []): Promise<Person> {
  return context.transaction(async (tx) => {
    const person = await insertPerson(tx, attributes, counties);
    await context.events.record(tx, personChanges.created(person.id, personResource.snapshot(person)));
    return person;
  });
}

/** Applies a JSON merge patch to the person's attributes (null removes a field). */
export const updatePerson = (context: DomainContext, id: string, patch: PersonAttributes): Promise<Person> =>
  updateRecorded<Person>(context, {
    resource: "Person",
    id,
    find: (tx) => findLocked(tx, "person", id, () => tx.person.findUnique({ where: { id } })),
    change: (tx, current) => {
      const attributes = applyMergePatch(current.attributes, patch) as PersonAttributes;
      const counties = countiesWith(current.counties ?? [], attributes, context.jurisdiction.table);
      return tx.person.update({ where: { id }, data: { ...columns(attributes), counties } });
    },
    events: (before, after) => personChanges.updated(id, personResource.snapshot(before), personResource.snapshot(after)),
  });

export const deletePerson = (context: DomainContext, id: string): Promise<string> =>
  deleteRecorded(context, {
    resource: "Person",
    id,
    remove: (tx) => tx.person.deleteMany({ where: { id } }),
    event: personChanges.deleted,
  });
