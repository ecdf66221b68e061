import { callEndTypes } from "@pap/data-exchange/operations";
import { reactionConsumer, type ConsumerDefinition } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { eligibilityEvents } from "../domain/events";
import { recordCheckOutcome, requestMedicaidChecks } from "../operations/electronic-checks";

/**
 * Eligibility's electronic checks (events.md §4): a Medicaid decision created submits its calls; each
 * call's end is recorded on the decisions that made it. One consumer for both, so a call's end is
 * always seen after the decision recorded the call.
 */
export function electronicCheckReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({
    name: "eligibility.electronic-checks",
    logger: options.logger,
    reactions: {
      [eligibilityEvents.draft("decision.created", "").type]: (work, event) =>
        isUuid(event.subject) ? requestMedicaidChecks(work, event.subject.toLowerCase()) : Promise.resolve(),
      ...Object.fromEntries(callEndTypes.map((type) => [type, recordCheckOutcome])),
    },
  });
}
