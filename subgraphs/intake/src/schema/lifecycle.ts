import { builder } from "../builder";
import { machineCaller, requireAccess } from "../domain/access";
import { applicationMachine } from "../domain/application-machine";
import { transitionApplication } from "../operations/lifecycle";
import { inTransaction } from "../operations/work";
import { ApplicationRef } from "./application";

builder.machineMutations({
  machine: applicationMachine,
  resourceName: "Application",
  ref: ApplicationRef,
  // The machine decides each action by role; an applicant reaches only their own application.
  authScopes: { permission: "applications:act" },
  caller: (context) => machineCaller(context),
  perform: ({ id, action, caller, body }, context) =>
    inTransaction(context, (work) =>
      transitionApplication(work, { id, action, caller, body, access: (application) => requireAccess(context, application, "read") }),
    ),
});
