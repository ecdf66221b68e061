import { findPage } from "@pap/kernel/list";
import { listArguments, loadByUuid } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { auditEntry } from "../contract/audit-entry";

const readAudit = { permission: "audit:read" } as const;

export const AuditEntryRef = builder.prismaObject("AuditEntry", {
  authScopes: readAudit,
  description: auditEntry.declaration.description,
  fields: (t) => t.declaredFields(auditEntry.declaration.fields),
});

const AuditEntryList = builder.defineListType("AuditEntryList", AuditEntryRef);

builder.queryFields((t) => ({
  auditEntry: t.field({
    authScopes: readAudit,
    type: AuditEntryRef,
    nullable: true,
    description: "One entry of the audit trail of sensitive reads.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.auditEntryById, id),
  }),
  auditEntries: t.field({
    authScopes: readAudit,
    type: AuditEntryList,
    description: "The audit trail of sensitive reads, newest first: filter by record, caller, field, trace or time with `q`.",
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(auditEntry.listSpec, args, {
        items: (query) => context.db.auditEntry.findMany(query),
        total: (where) => context.db.auditEntry.count({ where }),
      }),
  }),
}));
