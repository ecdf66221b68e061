import { ApiError, notFound } from "@pap/core";
import { recordInReach } from "@pap/kernel/auth";
import type { PlatformContext } from "../context";

/**
 * How county scoping holds for the event log: a confined caller reads the events whose subject they
 * reach (an application, its members and verifications, a case, a task of their counties), one record
 * at a time. The whole log mixes every county's households, and a page of it filtered after reading
 * could not tell its total; so browsing it needs `subject`, which must be in reach (else 404, like the
 * record itself). Subjects no county covers (persons, documents, queues) are out of a confined
 * caller's reach until their domains are scoped: failing closed. Whether a subject is reached is
 * `recordInReach`'s answer, from the database's `record_county` view.
 */

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
  if (!(await recordInReach(context, subject.toLowerCase()))) throw notFound("Subject", subject);
}
