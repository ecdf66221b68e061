import { loadByUuid } from "@pap/kernel/graphql";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { IntakeContext } from "../context";
import { verification } from "../contract/records";
import { verificationMachine, verificationsAtApplication } from "../domain/verification-machine";
import {
  createVerification,
  deleteVerification,
  transitionApplicationVerification,
  transitionVerification,
  updateVerification,
} from "../operations/verifications";
import type { StoredRecord } from "../operations/records";
import { inTransaction } from "../operations/work";
import { ApplicationRef } from "./application";
import { mayChange, pageOfApplication, readableApplication } from "./application-scope";

/** A verification, as the record kinds' loaders read it (its row, by its columns). */
export const VerificationRef: ObjectRef<Types, StoredRecord> = builder.objectRef<StoredRecord>("Verification").implement({
  description: verification.declaration.description,
  authScopes: { $any: { permission: "applications:read", $all: { permission: "applications:read:own" } } },
  fields: (t) => t.declaredFields(verification.declaration.fields),
});

builder.objectField(ApplicationRef, "verifications", (t) =>
  t.field({
    type: [VerificationRef],
    description: "What must be verified for the application, and how far each check has got.",
    resolve: (application, _args, context) => context.records("verification").byApplication.load(application.id),
  }),
);

const loadVerification = async (id: string, context: IntakeContext) => {
  const found = await loadByUuid(context.records("verification").byId, id);
  return found && (await readableApplication(context, found.applicationId)) ? found : null;
};

builder.graphCrud({
  resource: verification,
  ref: VerificationRef,
  permissions: "applications",
  // Caseworkers create and change verifications; an applicant reads their own application's.
  actions: { get: "read", list: "read", create: "verify", update: "verify", delete: "verify" },
  ownRecords: ["get", "list"],
  parent: { arg: "applicationId", of: (found) => found.applicationId },
  load: loadVerification,
  page: (args, context, applicationId) => pageOfApplication(context, applicationId, verification.listSpec, args, context.db.verification),
  create: (body, context, applicationId) =>
    inTransaction(context, (work) => createVerification(work, applicationId, body, mayChange(context))),
  update: (id, body, context, applicationId) =>
    inTransaction(context, (work) => updateVerification(work, applicationId, id, body, mayChange(context))),
  delete: (id, context, applicationId) => inTransaction(context, (work) => deleteVerification(work, applicationId, id, mayChange(context))),
  descriptions: {
    create: "Adds a verification obligation to the application (a document one unless verificationType says otherwise), while it is open.",
  },
});

builder.machineMutations({
  machine: verificationMachine,
  resourceName: "Verification",
  ref: VerificationRef,
  authScopes: { permission: "applications:verify" },
  parentArg: "applicationId",
  perform: ({ id, action, caller, body, parentId }, context) =>
    inTransaction(context, (work) =>
      transitionVerification(work, { id, applicationId: parentId, action, caller, body, access: mayChange(context) }),
    ),
  viaParent: {
    ...verificationsAtApplication,
    name: "Application",
    ref: ApplicationRef,
    perform: ({ parentId, partId, action, caller, body }, context) =>
      inTransaction(context, (work) =>
        transitionApplicationVerification(work, {
          applicationId: parentId,
          verificationId: partId,
          action,
          caller,
          body,
          access: mayChange(context),
        }),
      ),
  },
});
