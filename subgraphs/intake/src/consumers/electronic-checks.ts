import { callEndTypes } from "@pap/data-exchange/operations";
import { reactionConsumer, type ConsumerDefinition } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { intakeEvents } from "../domain/events";
import { recordCallOutcome, requestElectronicChecks } from "../operations/electronic-checks";

/**
 * Intake's electronic verifications (events.md §4): a verification created electronic submits its
 * calls; each call's end updates the verifications that made it. One consumer for both, so a call's
 * end is always seen after every verification that shares the call has recorded it.
 */
export function electronicCheckReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({
    name: "intake.electronic-checks",
    logger: options.logger,
    reactions: {
      [intakeEvents.draft("verification.created", "").type]: (work, event) =>
        isUuid(event.subject) ? requestElectronicChecks(work, event.subject.toLowerCase()) : Promise.resolve(),
      ...Object.fromEntries(callEndTypes.map((type) => [type, recordCallOutcome])),
    },
  });
}
