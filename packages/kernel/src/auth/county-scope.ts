import { notFound } from "@pap/core";
import { countyCondition, reaches, type CountyReach } from "./county-reach";

/** What county scoping asks of a request's context: the caller's reach. */
export type ReachingContext = { countyReach(): Promise<CountyReach> };

type Placed = { county: string | null };

/**
 * County scoping for one kind of record that carries its county: the list condition, and the checks
 * every path to a record makes, so that a record of a county out of the caller's reach is not found
 * however it is asked for (a 403 would tell that it exists). `countyOf` reads a record's county as it
 * is now (null when there is none), for checks made before a change and on a live feed, where a
 * request's loader could hold an older copy.
 */
export function countyScope<Context extends ReachingContext>(
  resource: string,
  countyOf: (context: Context, id: string) => Promise<Placed | null>,
) {
  /** Whether the caller reaches the record with this id; true for one that does not exist (its read finds nothing anyway). */
  const idInReach = async (context: Context, id: string): Promise<boolean> => {
    const reach = await context.countyReach();
    if (reach === undefined) return true;
    const found = await countyOf(context, id);
    return !found || reaches(reach, found.county);
  };
  return {
    /** The list condition keeping a page (and its total) within reach, on the table's `county` column. */
    condition: async (context: Context) => countyCondition(await context.countyReach()),
    /** The record as read, or null when there is none or it is out of reach. */
    async reachable<Found extends Placed>(context: Context, found: Found | null): Promise<Found | null> {
      return found !== null && reaches(await context.countyReach(), found.county) ? found : null;
    },
    /** The records of a link (a person's, a subject's) that the caller reaches. */
    async withinReach<Found extends Placed>(context: Context, records: readonly Found[]): Promise<Found[]> {
      const reach = await context.countyReach();
      return reach === undefined ? [...records] : records.filter((found) => reaches(reach, found.county));
    },
    idInReach,
    /** Before a change or an action: 404 when the record is out of reach (one that does not exist is the write's own 404). */
    async requireInReach(context: Context, id: string): Promise<void> {
      if (!(await idInReach(context, id))) throw notFound(resource, id);
    },
  };
}
