import { notFound } from "@pap/core";
import { countyCondition, reaches, type CountyReach } from "./county-reach";
import { coversPrograms, type Agreement } from "./partner-agreement";

/** What scoping asks of a request's context: the caller's county reach, and the agreement a partner reads under. */
export type ReachingContext = { countyReach(): Promise<CountyReach>; agreement?(): Promise<Agreement | undefined> };

/** A record as scoping judges it: its county, and its programs when the record carries them (an application's). */
type Placed = { id?: string; county: string | null; programs?: readonly string[] };
/** A list condition, as the list engine takes one (a Prisma `where`). */
type Condition = Record<string, unknown>;

/**
 * How a kind of record belongs to programs, for partners reading under a data-sharing agreement: the
 * list condition that keeps only records of the agreement's programs, and a record's programs by id
 * (needless for a kind whose records carry `programs`). A kind with no rule belongs to no program,
 * and a partner reads none of it through this scope.
 */
export type ProgramRule<Context> = {
  condition(programs: string[]): Condition;
  programsOf?(context: Context, id: string): Promise<readonly string[]>;
};

/**
 * County scoping for one kind of record that carries its county, and the partner's agreement beside
 * it: the list condition, and the checks every path to a record makes, so that a record out of the
 * caller's reach is not found however it is asked for (a 403 would tell that it exists). `countyOf`
 * reads a record's county as it is now (null when there is none), for checks made before a change and
 * on a live feed, where a request's loader could hold an older copy.
 */
export function countyScope<Context extends ReachingContext>(
  resource: string,
  countyOf: (context: Context, id: string) => Promise<Placed | null>,
  programs?: ProgramRule<Context>,
) {
  const agreementOf = (context: Context) => context.agreement?.() ?? Promise.resolve(undefined);
  /** Whether a record is within the caller's agreement: by the programs it carries, else by the rule's lookup. */
  const covered = async (context: Context, found: Placed, agreement: Agreement | undefined) =>
    agreement === undefined ||
    (programs !== undefined &&
      found.id !== undefined &&
      coversPrograms(agreement, found.programs ?? (await programs.programsOf?.(context, found.id)) ?? []));
  const placedInReach = async (context: Context, found: Placed) =>
    reaches(await context.countyReach(), found.county) && (await covered(context, found, await agreementOf(context)));
  /** Whether the caller reaches the record with this id; true for one that does not exist (its read finds nothing anyway). */
  const idInReach = async (context: Context, id: string): Promise<boolean> => {
    const [reach, agreement] = await Promise.all([context.countyReach(), agreementOf(context)]);
    if (reach === undefined && agreement === undefined) return true;
    const found = await countyOf(context, id);
    return !found || (reaches(reach, found.county) && (await covered(context, { ...found, id }, agreement)));
  };
  return {
    /** The list condition keeping a page (and its total) within reach: the table's `county` column, and the agreement's programs. */
    async condition(context: Context): Promise<Condition> {
      const [reach, agreement] = await Promise.all([context.countyReach(), agreementOf(context)]);
      const county = countyCondition(reach);
      if (agreement === undefined) return county;
      // A kind that belongs to no program is none of an agreement's: the page is empty.
      const inPrograms = programs ? programs.condition([...agreement.programs]) : { id: { in: [] } };
      return { AND: [county, inPrograms] };
    },
    /** The record as read, or null when there is none or it is out of reach. */
    async reachable<Found extends Placed>(context: Context, found: Found | null): Promise<Found | null> {
      return found !== null && (await placedInReach(context, found)) ? found : null;
    },
    /** The records of a link (a person's, a subject's) that the caller reaches. */
    async withinReach<Found extends Placed>(context: Context, records: readonly Found[]): Promise<Found[]> {
      const [reach, agreement] = await Promise.all([context.countyReach(), agreementOf(context)]);
      if (reach === undefined && agreement === undefined) return [...records];
      const kept: Found[] = [];
      for (const found of records) if (await placedInReach(context, found)) kept.push(found);
      return kept;
    },
    idInReach,
    /** Before a change or an action: 404 when the record is out of reach (one that does not exist is the write's own 404). */
    async requireInReach(context: Context, id: string): Promise<void> {
      if (!(await idInReach(context, id))) throw notFound(resource, id);
    },
  };
}
