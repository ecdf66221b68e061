import { determinationScope, reachableDecision } from "./determination-scope";
import { expectedSize } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { DecisionRef, DeterminationRef } from "./determination";

/**
 * Intake's entities, known here by id only (the gateway fetches the rest from intake), extended with
 * what eligibility holds about them; each hop goes through a request's batch loader.
 */
const ApplicationRef = builder.externalRef("Application", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    determination: t.field({
      authScopes: { permission: "determinations:read" },
      type: DeterminationRef,
      nullable: true,
      description: "The application's eligibility determination (null until it is submitted).",
      resolve: async (application, _args, context) => {
        const found = await context.loaders.determinationByApplication.load(application.id);
        return determinationScope.reachable(context, found);
      },
    }),
  }),
});

const MemberRef = builder.externalRef("ApplicationMember", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    decisions: t.field({
      authScopes: { permission: "determinations:read" },
      type: [DecisionRef],
      extensions: expectedSize(5),
      description: "The eligibility decisions about this member, one per program, in the order they were made.",
      resolve: async (member, _args, context) => {
        const decisions = await context.loaders.decisionsByMember.load(member.id);
        const reached = await Promise.all(decisions.map((found) => reachableDecision(context, found)));
        return reached.filter((found) => found !== null);
      },
    }),
  }),
});

builder.objectFields(DecisionRef, (t) => ({
  member: t.field({
    type: MemberRef,
    description: "The household member decided about (intake's record).",
    resolve: (found) => ({ id: found.memberId }),
  }),
  application: t.field({
    type: ApplicationRef,
    description: "The application determined (intake's record).",
    resolve: (found) => ({ id: found.applicationId }),
  }),
}));

builder.objectFields(DeterminationRef, (t) => ({
  application: t.field({
    type: ApplicationRef,
    description: "The application determined (intake's record).",
    resolve: (found) => ({ id: found.applicationId }),
  }),
}));
