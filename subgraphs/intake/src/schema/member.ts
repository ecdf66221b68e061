import { loadByUuid } from "@pap/kernel/graphql";
import type { ApplicationMember } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { member } from "../contract/member";
import { createMember, deleteMember, updateMember } from "../operations/members";
import { inTransaction } from "../operations/work";
import { mayChange, pageOfApplication, readableApplication } from "./application-scope";
import { PersonRef } from "./links";

export const MemberRef: ObjectRef<Types, ApplicationMember> = builder.prismaObject("ApplicationMember", {
  // Reached through an application the caller may read (the root fields check it; Application.members only follows a readable one).
  authScopes: { $any: { permission: "applications:read", $all: { permission: "applications:read:own" } } },
  description: member.declaration.description,
  fields: (t) =>
    t.declaredFields(member.declaration.fields, {
      person: t.field({
        type: PersonRef,
        nullable: true,
        description: member.declaration.fields.person.description,
        resolve: (found) => (found.personId ? { id: found.personId } : null),
      }),
    }),
});

builder.graphCrud({
  resource: member,
  ref: MemberRef,
  permissions: "applications",
  // A member is part of its application: adding, changing or removing one changes the application.
  actions: { get: "read", list: "read", create: "update", update: "update", delete: "update" },
  ownRecords: true,
  parent: { arg: "applicationId", of: (found: ApplicationMember) => found.applicationId },
  load: async (id, context) => {
    const found = await loadByUuid(context.loaders.memberById, id);
    return found && (await readableApplication(context, found.applicationId)) ? found : null;
  },
  page: (args, context, applicationId) => pageOfApplication(context, applicationId, member.listSpec, args, context.db.applicationMember),
  create: (body, context, applicationId) => inTransaction(context, (work) => createMember(work, applicationId, body, mayChange(context))),
  update: (id, body, context, applicationId) =>
    inTransaction(context, (work) => updateMember(work, applicationId, id, body, mayChange(context))),
  delete: (id, context, applicationId) => inTransaction(context, (work) => deleteMember(work, applicationId, id, mayChange(context))),
  descriptions: {
    list: "The application's members, in the order they were added.",
    create: "Adds a member to the application, while it is a draft or under review (409 otherwise).",
    delete: "Removes the member from the application, while it is a draft or under review; returns the id deleted.",
  },
});
