import { findPage, listThroughDriver, type ListArgs } from "@pap/kernel/list";
import { allOrOwnRecords } from "@pap/kernel/auth";
import { plainColumnsOf, type Application } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { IntakeContext } from "../context";
import { application } from "../contract/application";
import { createApplication, deleteApplication, updateApplication } from "../operations/applications";
import { reachableApplication, visibleApplications } from "./application-scope";
import { MemberRef } from "./member";

export const ApplicationRef: ObjectRef<Types, Application> = builder.prismaObject("Application", {
  // However an application is reached (by id, in a list, through a person), an applicant sees only their own.
  authScopes: allOrOwnRecords<Application>("applications:read", "applications:read:own", (found) => ({ owner: found.ownerId ?? "" })),
  description: application.declaration.description,
  fields: (t) =>
    t.declaredFields(application.declaration.fields, {
      members: t.field({
        type: [MemberRef],
        description: application.declaration.fields.members.description,
        resolve: (found, _args, context) => context.loaders.membersByApplication.load(found.id),
      }),
    }),
});

/** The application table's columns a list may filter and order by through the driver (the by-id loader reads the same rows). */
const applicationColumns = plainColumnsOf("Application");

/**
 * A page of applications (an applicant's holds only their own): through the driver when the query is
 * plain column conditions (status, the applicant's name, instants), else through Prisma.
 */
async function applicationPage(args: ListArgs, context: IntakeContext) {
  const scope = await visibleApplications(context);
  return findPage(
    application.listSpec,
    args,
    listThroughDriver(context.read, "intake_application", applicationColumns, scope, {
      items: (query) => context.db.application.findMany(query),
      total: (where) => context.db.application.count({ where }),
    }),
  );
}

builder.graphCrud({
  resource: application,
  ref: ApplicationRef,
  ownRecords: true,
  load: (id, context) => reachableApplication(context, id),
  page: applicationPage,
  create: (body, context) => createApplication(context, body),
  update: (id, body, context) => updateApplication(context, id, body),
  delete: (id, context) => deleteApplication(context, id),
  descriptions: {
    list: "Applications, most recently changed first; an applicant sees only their own.",
    create: "Creates a draft application.",
    update: "Changes the given fields, while the application is a draft or under review (409 otherwise).",
    delete: "Deletes a draft application and its records permanently (409 for any other); returns the id deleted.",
  },
});
