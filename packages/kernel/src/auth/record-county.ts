import { notFound } from "@pap/core";
import { countyOfRecord, type Prisma } from "@pap/db";
import { homeCounty, reaches } from "./county-reach";
import type { ReachingContext } from "./county-scope";

/**
 * County scoping by any record's id, through the database's `record_county` view (the records it
 * places: applications and what is read through them, cases, tasks, appointments, determinations,
 * decisions, service calls), for the paths that know an id but not its kind: an event's subject, the
 * record a new one hangs off.
 */
type RecordContext = ReachingContext & { db: Pick<Prisma.TransactionClient, "$queryRaw"> };

/** Whether the caller reaches the record with this id: always when they reach every county; else only a placed record of theirs. */
export async function recordInReach(context: RecordContext, id: string): Promise<boolean> {
  const reach = await context.countyReach();
  if (reach === undefined) return true;
  const found = await countyOfRecord(context.db, id);
  return found.known && reaches(reach, found.county);
}

/**
 * Where a record a caller creates belongs (a task, an appointment, a service call): with the record
 * it is about when the view places that one, which must then be within the caller's reach (else it is
 * not found, as reading it would be); else with the caller's county when they are confined to
 * counties; else state level.
 */
export async function countyOfNewRecord(
  context: RecordContext,
  subject: { type?: string | null; id?: string | null },
): Promise<string | null> {
  const reach = await context.countyReach();
  if (!subject.id) return homeCounty(reach);
  const placed = await countyOfRecord(context.db, subject.id);
  if (!placed.known) return homeCounty(reach);
  if (!reaches(reach, placed.county)) throw notFound(nameOf(subject.type), subject.id);
  return placed.county;
}

/** `application` → `Application`, `requesting_resource` → `Requesting resource`: how a 404 names the subject. */
const nameOf = (type: string | null | undefined) =>
  type ? `${type.charAt(0).toUpperCase()}${type.slice(1).replace(/_/g, " ")}` : "Subject";
