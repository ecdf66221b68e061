import { notFound } from "@pap/core";
import { findPage, type ListArgs } from "@pap/kernel/list";
import { expectedSize, listArguments, loadByUuid } from "@pap/kernel/graphql";
import type { Decision, Determination } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { EligibilityContext } from "../context";
import { decision } from "../contract/decision";
import { determination } from "../contract/determination";
import { decisionMachine, decisionsAtDetermination } from "../domain/decision-machine";
import { determinationMachine } from "../domain/determination-machine";
import { transitionDecision, transitionDetermination, transitionDeterminationDecision } from "../operations/determinations";
import { inTransaction } from "../operations/work";
import { decisionCondition, determinationScope, reachableDecision, reachableDetermination, visibleDecisions } from "./determination-scope";

const read = { permission: "determinations:read" };

export const DecisionRef: ObjectRef<Types, Decision> = builder.objectRef<Decision>("Decision");

export const DeterminationRef: ObjectRef<Types, Determination> = builder.objectRef<Determination>("Determination").implement({
  description: determination.declaration.description,
  authScopes: read,
  fields: (t) =>
    t.declaredFields(determination.declaration.fields, {
      decisions: t.field({
        type: [DecisionRef],
        extensions: expectedSize(10),
        description: determination.declaration.fields.decisions.description,
        resolve: async (found, _args, context) => visibleDecisions(context, await context.loaders.decisionsByDetermination.load(found.id)),
      }),
    }),
});

builder.objectType(DecisionRef, {
  description: decision.declaration.description,
  authScopes: read,
  fields: (t) => ({
    ...t.declaredFields(decision.declaration.fields),
    determination: t.field({
      type: DeterminationRef,
      description: "The determination this decision belongs to.",
      resolve: async (found, _args, context) => (await context.loaders.determinationById.load(found.determinationId))!,
    }),
  }),
});

const loadDetermination = (id: string, context: EligibilityContext) => reachableDetermination(context, id);

builder.asEntity(DeterminationRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadDetermination(reference.id, context),
});
builder.asEntity(DecisionRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: async (reference, context) => reachableDecision(context, await loadByUuid(context.loaders.decisionById, reference.id)),
});

const DeterminationList = builder.defineListType("DeterminationList", DeterminationRef);
const DecisionList = builder.defineListType("DecisionList", DecisionRef);

/** One page of a determination's decisions: the determination must exist (404 otherwise, as REST answers). */
async function decisionPage(context: EligibilityContext, determinationId: string, args: ListArgs) {
  const parent = await loadDetermination(determinationId, context);
  if (!parent) throw notFound("Determination", determinationId);
  const where = { determinationId: parent.id, ...(await decisionCondition(context)) };
  return findPage(decision.listSpec, args, {
    items: (query) => context.db.decision.findMany({ ...query, where: { AND: [query.where, where] } }),
    total: (filter) => context.db.decision.count({ where: { AND: [filter, where] } }),
  });
}

builder.queryFields((t) => ({
  determination: t.field({
    authScopes: read,
    type: DeterminationRef,
    nullable: true,
    description: "A determination by id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => loadDetermination(String(args.id), context),
  }),
  determinations: t.field({
    authScopes: read,
    type: DeterminationList,
    description: "Determinations, most recently changed first; `q` filters them (`applicationId:<id>` finds an application's).",
    args: listArguments(t.arg),
    resolve: async (_root, args, context) => {
      const inReach = await determinationScope.condition(context);
      return findPage(determination.listSpec, args, {
        items: (query) => context.db.determination.findMany({ ...query, where: { AND: [query.where, inReach] } }),
        total: (where) => context.db.determination.count({ where: { AND: [where, inReach] } }),
      });
    },
  }),
  decision: t.field({
    authScopes: read,
    type: DecisionRef,
    nullable: true,
    description: "A decision by id, within its determination (another determination's is none).",
    args: { determinationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const found = await reachableDecision(context, await loadByUuid(context.loaders.decisionById, String(args.id)));
      return found && found.determinationId === String(args.determinationId).toLowerCase() ? found : null;
    },
  }),
  decisions: t.field({
    authScopes: read,
    type: DecisionList,
    description: "A determination's decisions, in the order they were made (404 for an unknown determination).",
    args: { determinationId: t.arg.id({ required: true }), ...listArguments(t.arg) },
    resolve: (_root, args, context) => decisionPage(context, String(args.determinationId), args),
  }),
}));

builder.machineMutations({
  machine: determinationMachine,
  resourceName: "Determination",
  ref: DeterminationRef,
  // The machine allows only the system; the scope lets staff who read reach it, so that a caseworker hears 404/409 before 403.
  authScopes: { permission: "determinations:act" },
  perform: async ({ id, action, caller, body }, context) => {
    await determinationScope.requireInReach(context, id);
    return inTransaction(context, (work) => transitionDetermination(work, { id, action, caller, body }));
  },
});

builder.machineMutations({
  machine: decisionMachine,
  resourceName: "Decision",
  ref: DecisionRef,
  authScopes: { permission: "determinations:act" },
  parentArg: "determinationId",
  perform: async ({ id, action, caller, body, parentId }, context) => {
    if (parentId) await determinationScope.requireInReach(context, parentId);
    return inTransaction(context, (work) => transitionDecision(work, { id, determinationId: parentId, action, caller, body }));
  },
  viaParent: {
    ...decisionsAtDetermination,
    name: "Determination",
    ref: DeterminationRef,
    perform: async ({ parentId, partId, action, caller, body }, context) => {
      await determinationScope.requireInReach(context, parentId);
      return inTransaction(context, (work) =>
        transitionDeterminationDecision(work, { determinationId: parentId, decisionId: partId, action, caller, body }),
      );
    },
  },
});
