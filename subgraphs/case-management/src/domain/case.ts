import { validationFailed } from "@pap/core";
import type { caseStatuses } from "../contract/case";

type CaseDates = { status: (typeof caseStatuses)[number]; effectiveStartDate: string | null; effectiveEndDate: string | null };

/**
 * Rules on a case's dates, applied to the record as it will be stored: an active case has no end
 * date; a closed case ends on the day it is closed unless told otherwise; the end never precedes the
 * start.
 */
export function settleCaseDates(next: CaseDates, today: string): CaseDates {
  if (next.status === "active" && next.effectiveEndDate) {
    throw validationFailed([{ field: "effectiveEndDate", message: "must be empty while the case is active" }]);
  }
  const effectiveEndDate = next.status === "closed" ? (next.effectiveEndDate ?? today) : null;
  if (next.effectiveStartDate && effectiveEndDate && effectiveEndDate < next.effectiveStartDate) {
    throw validationFailed([{ field: "effectiveEndDate", message: "must not be before effectiveStartDate" }]);
  }
  return { ...next, effectiveEndDate };
}

/** A person is a member of a case at most once. */
export function checkMembers(members: readonly { personId: string }[]): void {
  const seen = new Set<string>();
  members.forEach((member, index) => {
    if (seen.has(member.personId)) throw validationFailed([{ field: `members.${index}.personId`, message: "appears more than once" }]);
    seen.add(member.personId);
  });
}
