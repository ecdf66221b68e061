import { notFound } from "@pap/core";
import { countyOfRecord, type Prisma } from "@pap/db";
import { homeCounty, reaches } from "./county-reach";
import type { ReachingContext } from "./county-scope";

/** The subjects a new record may hang off whose county scoping knows (their `record_county` rows), with the names their 404 uses. */
const anchors: Record<string, string> = { application: "Application", case: "Case", interview: "Interview" };

/**
 * Where a record a caller creates belongs (a task, an appointment): with the application or case it
 * is about, which must then be within the caller's reach (else not found, as reading it would be);
 * else with the caller's county when they are confined to counties; else state level.
 */
export async function countyOfNewRecord(
  context: ReachingContext & { db: Pick<Prisma.TransactionClient, "$queryRaw"> },
  subjectType: string | null | undefined,
  subjectId: string | null | undefined,
): Promise<string | null> {
  const reach = await context.countyReach();
  const anchor = subjectType ? anchors[subjectType] : undefined;
  if (!anchor || !subjectId) return homeCounty(reach);
  const subject = await countyOfRecord(context.db, subjectId);
  if (!subject.known) return homeCounty(reach);
  if (!reaches(reach, subject.county)) throw notFound(anchor, subjectId);
  return subject.county;
}
