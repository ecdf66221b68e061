import { defineResource } from "@pap/kernel/resource";
import { choice, day, flag, memberId, nested, personRef, recordBase, reference, requiredChoice } from "./fields";

/** A member's place in a health plan (resources.md §3.4). */
export const healthEnrollment = defineResource({
  name: "HealthEnrollment",
  plural: "healthEnrollments",
  model: "HealthEnrollment",
  description: "A member's enrollment, or eligibility, in a health plan.",
  fields: {
    ...recordBase,
    memberId,
    role: requiredChoice(["subscriber", "dependent"], "HealthEnrollmentRole"),
    healthPlanId: reference("The health plan, a record of the same application."),
    jobId: reference("The job that offers it, a record of the same application."),
    startDate: day,
    endDate: day,
    eligibleDate: day,
    enrollmentStatus: choice(["eligible", "enrolled", "pending", "ended"], "HealthEnrollmentStatus"),
    prefersSeparateMailing: flag,
    sponsor: nested(personRef, "TRICARE: the sponsor, a member or contact of the same application."),
  },
  list: { defaultSort: "createdAt" },
});
