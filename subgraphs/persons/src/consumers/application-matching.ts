import type { ConsumerContext, ConsumerDefinition } from "@pap/events";
import { isUuid } from "@pap/core";
import { personMatchResolved } from "../domain/events";
import { identityOf, isApplying } from "../domain/matching";
import { matchIdentity } from "../operations/matching";

/** Intake's event, named as intake declares it (the domains do not import one another). */
const APPLICATION_SUBMITTED = "intake.application.submitted";

/**
 * Person matching on submission: each applying member of the application is matched against the
 * persons, and the outcome recorded as `client_management.person.match_resolved` with the member as
 * its subject, for intake to write onto the member. Members are read from intake's table as they
 * were committed with the submission; nothing of intake's is written here.
 */
export function applicationMatching(): ConsumerDefinition {
  return {
    name: "persons.application-matching",
    filter: { types: [APPLICATION_SUBMITTED] },
    async handle({ tx, event, events }: ConsumerContext) {
      const applicationId = event.subject;
      if (!isUuid(applicationId)) return;
      const listed = (event.data as { memberIds?: unknown } | undefined)?.memberIds;
      const memberIds = Array.isArray(listed) ? listed.filter(isUuid) : undefined;
      const members = await tx.applicationMember.findMany({
        where: { applicationId, ...(memberIds && { id: { in: memberIds } }) },
        select: { id: true, roles: true, programsAppliedFor: true, personalInformation: true, contact: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      for (const member of members.filter(isApplying)) {
        const resolution = await matchIdentity(
          tx,
          identityOf({ personalInformation: member.personalInformation, contact: member.contact }),
        );
        await events.record(tx, personMatchResolved(member.id, resolution));
      }
    },
  };
}
