import { ApiError, notFound } from "@pap/core";
import type { PlatformContext } from "../context";

/**
 * How county scoping holds for the event log: a confined caller reads the events whose subject they
 * reach (an application, its members and verifications, a case, a task of their counties), one record
 * at a time. The whole log mixes every county's households, and a page of it filtered after reading
 * could not tell its total; so browsing it needs `subject`, which must be in reach (else 404, like the
 * record itself). Subjects no county covers (persons, documents, queues) are out of a confined
 * caller's reach until their domains are scoped: failing closed.
 */

/** Which of these subjects the caller reaches (all of them, when they are not confined). */
export async function subjectsInReach(context: PlatformContext, subjects: readonly string[]): Promise<Set<string>> {
  const reach = await context.countyReach();
  if (reach === undefined) return new Set(subjects);
  if (subjects.length === 0) return new Set();
  const rows = await context.read<{ id: string }>(
    `SELECT "id"::text AS "id" FROM "record_county" WHERE "id" = ANY($1::uuid[]) AND "county" = ANY($2::text[])`,
    [[...new Set(subjects)], [...reach]],
  );
  return new Set(rows.map((row) => row.id));
}

export const subjectInReach = async (context: PlatformContext, subject: string): Promise<boolean> =>
  (await subjectsInReach(context, [subject])).has(subject);

/** Before a page of the log: a confined caller names a subject they reach. */
export async function requireLogInReach(context: PlatformContext, subject: string | null | undefined): Promise<void> {
  if ((await context.countyReach()) === undefined) return;
  if (!subject)
    throw new ApiError(
      403,
      "FORBIDDEN",
      "A caller confined to counties reads the event log one record at a time: name the record with 'subject'.",
      [{ field: "subject", message: "is required for a caller confined to counties" }],
    );
  if (!(await subjectInReach(context, subject.toLowerCase()))) throw notFound("Subject", subject);
}
