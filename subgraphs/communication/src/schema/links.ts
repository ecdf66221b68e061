import { expectedSize } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { NoticeRef } from "./notice";
import { noticeScope } from "./notice-scope";

/** Intake's application, known here by id, with the notices sent to its household. */
builder.externalRef("Application", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    notices: t.field({
      authScopes: { permission: "notices:read" },
      type: [NoticeRef],
      extensions: expectedSize(10),
      description: "The notices sent to the application's household, oldest first.",
      resolve: async (application, _args, context) =>
        noticeScope.withinReach(context, await context.loaders.noticesByApplication.load(application.id)),
    }),
  }),
});
