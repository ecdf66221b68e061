import { notFound } from "@pap/core";
import { homeCounty, type CountyReach } from "@pap/kernel/auth";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Person } from "@pap/db";
import type { PersonsContext } from "../context";
import type { PersonAttributes } from "../contract/person";
import { countiesWith } from "../domain/person";

/**
 * County scoping for persons (docs/county-scoping.md). A person belongs to every county holding a
 * record of theirs (`counties`: their address's, their applications' and cases'), and a confined
 * caller reaches them when one of those is theirs; otherwise they are not found, however asked for.
 */
const reachesOne = (reach: CountyReach, counties: readonly string[] | null) =>
  reach === undefined || (counties ?? []).some((county) => reach.includes(county));

/** The list condition keeping a page of persons within reach. */
export async function personCondition(context: PersonsContext): Promise<Record<string, unknown>> {
  const reach = await context.countyReach();
  return reach === undefined ? {} : { counties: { hasSome: [...reach] } };
}

/** The person as read, or null when there is none or they are out of reach. */
export async function reachablePerson(context: PersonsContext, found: Person | null): Promise<Person | null> {
  return found && reachesOne(await context.countyReach(), found.counties) ? found : null;
}

/** The person by id, null when there is none or they are out of reach. */
export async function loadPerson(context: PersonsContext, id: string): Promise<Person | null> {
  return reachablePerson(context, await loadByUuid(context.loaders.personById, id));
}

/** Whether a person (by id, as a live change names them) is within reach; true for one that does not exist. */
export async function personInReach(context: PersonsContext, id: string): Promise<boolean> {
  const reach = await context.countyReach();
  if (reach === undefined) return true;
  const found = await context.db.person.findUnique({ where: { id }, select: { counties: true } });
  return !found || reachesOne(reach, found.counties);
}

/** Before a change: 404 when the person is out of reach (one that does not exist is the write's own 404). */
export async function requirePersonInReach(context: PersonsContext, id: string): Promise<void> {
  if (!(await personInReach(context, id))) throw notFound("Person", id);
}

/** The counties a new person belongs to: their address's, else a confined creator's (who could not reach them otherwise). */
export async function countiesOfNewPerson(context: PersonsContext, attributes: PersonAttributes): Promise<string[]> {
  const own = countiesWith([], attributes, context.jurisdiction.table);
  const home = homeCounty(await context.countyReach());
  return own.length === 0 && home !== null ? [home] : own;
}
