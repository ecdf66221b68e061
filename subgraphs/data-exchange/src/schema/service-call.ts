import { countyOfNewRecord } from "@pap/kernel/auth";
import { parseBody } from "@pap/kernel/validation";
import { findPage } from "@pap/kernel/list";
import { listArguments, loadByUuid } from "@pap/kernel/graphql";
import type { ExternalServiceCall } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { makeSyncCall } from "../calling/sync";
import { leaseMs } from "../config/settings";
import type { DataExchangeContext } from "../context";
import { serviceCall } from "../contract/service-call";
import { writeCallMetadata } from "../operations/metadata";
import { entryOf, submitServiceCall, type Submission } from "../operations/service-calls";
import { onTheDriver } from "../operations/work";
import { ExternalServiceRef } from "./service";
import { serviceCallScope } from "./service-call-scope";

const read = { permission: "service-calls:read" };

export const ServiceCallRef: ObjectRef<Types, ExternalServiceCall> = builder.objectRef<ExternalServiceCall>("ServiceCall").implement({
  description: serviceCall.declaration.description,
  authScopes: read,
  fields: (t) =>
    t.declaredFields(serviceCall.declaration.fields, {
      service: t.field({
        type: ExternalServiceRef,
        description: serviceCall.declaration.fields.service.description,
        resolve: async (call, _args, context) => (await context.loaders.serviceById.load(call.serviceId))!,
      }),
    }),
});

export const loadCall = async (id: string, context: DataExchangeContext) =>
  serviceCallScope.reachable(context, await loadByUuid(context.loaders.callById, id));

builder.asEntity(ServiceCallRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadCall(reference.id, context),
});

const ServiceCallList = builder.defineListType("ServiceCallList", ServiceCallRef);
const SubmissionRef = builder.objectRef<{ created: boolean; call: ExternalServiceCall }>("ServiceCallSubmission").implement({
  description: "What a submission did: created a call, or found the pending call of the same requesting resource and service.",
  fields: (t) => ({
    created: t.exposeBoolean("created", {
      description: "False when the pending call of the pair was answered instead (nothing was created).",
    }),
    serviceCall: t.field({ type: ServiceCallRef, resolve: (submission) => submission.call }),
  }),
});

builder.queryFields((t) => ({
  serviceCall: t.field({
    authScopes: read,
    type: ServiceCallRef,
    nullable: true,
    description: "A service call by id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => loadCall(String(args.id), context),
  }),
  serviceCalls: t.field({
    authScopes: read,
    type: ServiceCallList,
    description: "Service calls, newest first; `q` filters them (`requestingResourceId:<id> status:pending serviceType:swica`).",
    args: listArguments(t.arg),
    resolve: async (_root, args, context) => {
      const inReach = await serviceCallScope.condition(context);
      return findPage(serviceCall.listSpec, args, {
        items: (query) => context.db.externalServiceCall.findMany({ ...query, where: { AND: [query.where, inReach] } }),
        total: (where) => context.db.externalServiceCall.count({ where: { AND: [where, inReach] } }),
      });
    },
  }),
}));

const createInput = builder.inputTypeOf(serviceCall.declaration, "create");

builder.mutationFields((t) => ({
  submitServiceCall: t.field({
    authScopes: { permission: "service-calls:create" },
    type: SubmissionRef,
    description:
      "Submits a call to an outside service for one record, naming the service by `serviceId` or by `serviceType`; while a call of the same record and service is pending, answers it and creates nothing. A sync call is answered before this returns.",
    args: { input: t.arg({ type: createInput, required: true }) },
    resolve: async (_root, args, context) => {
      const submission = parseBody(serviceCall.createBody, serviceCall.bodyFromInput(args.input)) as Submission;
      const settings = context.calling.settings();
      const entry = entryOf(settings.catalog, submission);
      const county = await countyOfNewRecord(context, { type: "requesting_resource", id: submission.requestingResourceId });
      const submitted = await onTheDriver(context, (work) =>
        submitServiceCall(work, settings.catalog, submission, { leaseMs: leaseMs(entry, settings), county }),
      );
      if (!submitted.created || submitted.call.callMode !== "sync") return submitted;
      return { created: true, call: await makeSyncCall(context, submitted.call, submitted.entry) };
    },
  }),
}));

builder.metadataNamespaceMutations({
  name: "ServiceCall",
  ref: ServiceCallRef,
  permission: "service-calls:metadata",
  record: "service call",
  write: async (context, id, domain, value) => {
    await serviceCallScope.requireInReach(context, id);
    return onTheDriver(context, (work) => writeCallMetadata(work, id, domain, value));
  },
});
