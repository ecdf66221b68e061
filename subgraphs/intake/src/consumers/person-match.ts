import type { Logger } from "@pap/core";
import { findLocked, type Prisma } from "@pap/db";
import type { ConsumerContext, ConsumerDefinition } from "@pap/events";
import { z } from "zod";
import { member as memberResource } from "../contract/member";
import { memberChanges } from "../domain/events";

/** The persons domain's event, named as it declares it (the domains do not import one another). */
const MATCH_RESOLVED = "client_management.person.match_resolved";

const resolution = z.object({
  matchType: z.enum(["confirmed", "review_required", "no_match"]),
  candidates: z.array(z.object({ personId: z.uuid(), confidenceScore: z.number().min(0).max(1) })),
});

/**
 * Writes what person matching found onto the member it concerns (the event's subject): `personMatch`
 * always, and when the match is confirmed `personId`, the confirmed person. A person a caseworker
 * already named on the member stays: matching informs, it does not overrule them. A member removed
 * meanwhile has nothing to write. Each write records the member's `updated` event.
 *
 * The event may also have been published through `/platform/events`: data not in the contract's
 * shape is passed over, since failing on it would hold up every event after it.
 */
export function personMatchReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return {
    name: "intake.person-match",
    filter: { types: [MATCH_RESOLVED] },
    async handle({ tx, event, events }: ConsumerContext) {
      const parsed = resolution.safeParse(event.data);
      if (!parsed.success) {
        options.logger?.warn(
          { eventId: event.id, memberId: event.subject },
          "person match event without a usable matchType and candidates; passed over",
        );
        return;
      }
      const { matchType, candidates } = parsed.data;
      const memberId = event.subject;
      // Locked so that the event's `before` is the member as this write finds it, whatever a caseworker changes at the same time.
      const before = await findLocked(tx, "intake_application_member", memberId, () =>
        tx.applicationMember.findUnique({ where: { id: memberId } }),
      );
      if (!before) return;
      const personMatch = { matchStatus: matchType, candidates: matchType === "no_match" ? [] : candidates };
      const personId = matchType === "confirmed" && before.personId === null ? candidates[0]?.personId : undefined;
      const after = await tx.applicationMember.update({
        where: { id: before.id },
        data: { personMatch: personMatch as Prisma.InputJsonValue, ...(personId !== undefined && { personId }) },
      });
      await events.record(
        tx,
        memberChanges.updated(before.applicationId, before.id, memberResource.snapshot(before), memberResource.snapshot(after)),
      );
    },
  };
}
