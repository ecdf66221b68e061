import { machineMutations } from "@pap/kernel";
import { builder } from "../builder";
import type { IntakeContext } from "../context";
import { requireAccess } from "../domain/access";
import { applicationMachine } from "../domain/application-machine";
import { transitionApplication } from "../operations/lifecycle";
import { inTransaction } from "../operations/work";
import { ApplicationRef } from "./application";

/** Who is acting, as the machines see them. */
export async function machineCaller(context: IntakeContext) {
  const principal = await context.principal();
  return { id: principal.id, roles: principal.roles };
}

machineMutations(builder, {
  machine: applicationMachine,
  resourceName: "Application",
  ref: ApplicationRef,
  // The machine decides each action by role; an applicant reaches only their own application.
  authScopes: { permission: "applications:act" },
  caller: machineCaller,
  perform: ({ id, action, caller, body }, context: IntakeContext) =>
    inTransaction(context, (work) => transitionApplication(work, { id, action, caller, body, access: (application) => requireAccess(context, application, "read") })),
});
