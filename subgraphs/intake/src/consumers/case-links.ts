import { reactionConsumer, type ConsumerDefinition, type Reaction } from "@pap/events";
import type { Logger } from "@pap/core";
import { z } from "zod";
import { linkMemberToPerson } from "../operations/members";

/** Case management's event, named as it declares it (the domains do not import one another). */
const APPLICATION_LINKED = "case_management.case.application_linked";

const linked = z.object({
  applicationId: z.uuid(),
  members: z.array(z.object({ memberId: z.uuid(), personId: z.uuid() })),
});

/**
 * Once an approved application's household is on a case, each member intake knew no person for is
 * linked to the person the case holds them as, with the member's `updated` event. A redelivered
 * event finds them linked and writes nothing.
 */
export function caseLinkReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  const onLinked: Reaction = async (work, event) => {
    const data = linked.safeParse(event.data);
    // Published through /platform/events in another shape: passed over, since failing would hold up every event after it.
    if (!data.success) {
      options.logger?.warn(
        { eventId: event.id, caseId: event.subject },
        "application_linked event without a usable applicationId and members; passed over",
      );
      return;
    }
    const applicationId = data.data.applicationId.toLowerCase();
    for (const { memberId, personId } of data.data.members)
      await linkMemberToPerson(work, applicationId, memberId.toLowerCase(), personId.toLowerCase());
  };
  return reactionConsumer({ name: "intake.case-links", reactions: { [APPLICATION_LINKED]: onLinked }, logger: options.logger });
}
