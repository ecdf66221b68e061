import { serviceCallScope } from "./service-call-scope";
import { expectedSize } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { ServiceCallRef } from "./service-call";

/** Intake's application, known here by id, with the calls its verifications and decisions made. */
builder.externalRef("Application", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    serviceCalls: t.field({
      authScopes: { permission: "service-calls:read" },
      type: [ServiceCallRef],
      extensions: expectedSize(20),
      description: "The calls to outside services made for this application (its verifications' and its decisions'), newest first.",
      resolve: async (application, _args, context) =>
        serviceCallScope.withinReach(context, await context.loaders.callsByApplication.load(application.id)),
    }),
  }),
});
