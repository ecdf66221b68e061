import { findPage } from "@pap/kernel/list";
import { listArguments, loadByUuid } from "@pap/kernel/graphql";
import type { ExternalService } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { DataExchangeContext } from "../context";
import { service } from "../contract/service";

// The catalog is for every signed-in caller: authentication alone opens it.
const signedIn = { authenticated: true } as const;

export const ExternalServiceRef: ObjectRef<Types, ExternalService> = builder.objectRef<ExternalService>("ExternalService").implement({
  description: service.declaration.description,
  authScopes: signedIn,
  fields: (t) => t.declaredFields(service.declaration.fields),
});

const loadService = (id: string, context: DataExchangeContext) => loadByUuid(context.loaders.serviceById, id);

builder.asEntity(ExternalServiceRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadService(reference.id, context),
});

const ExternalServiceList = builder.defineListType("ExternalServiceList", ExternalServiceRef);

builder.queryFields((t) => ({
  externalService: t.field({
    authScopes: signedIn,
    type: ExternalServiceRef,
    nullable: true,
    description: "An entry of the service catalog by id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => loadService(String(args.id), context),
  }),
  externalServices: t.field({
    authScopes: signedIn,
    type: ExternalServiceList,
    description: "The service catalog, by name; `q` filters it (`serviceType:swica`).",
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(service.listSpec, args, {
        items: (query) => context.db.externalService.findMany(query),
        total: (where) => context.db.externalService.count({ where }),
      }),
  }),
}));
