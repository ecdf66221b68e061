import { expectedSize } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { VerificationRef } from "./verification";

/** ServiceCall is owned by data exchange; a verification links the calls it made, in the order it made them. */
const ServiceCallRef = builder.externalRef("ServiceCall", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
});

builder.objectFields(VerificationRef, (t) => ({
  serviceCalls: t.field({
    type: [ServiceCallRef],
    extensions: expectedSize(4),
    description: "The calls to outside services made to verify it (data exchange), as they are now.",
    resolve: (verification) =>
      ((verification.electronicChecks ?? []) as { serviceCallId: string }[]).map((check) => ({ id: check.serviceCallId })),
  }),
}));
