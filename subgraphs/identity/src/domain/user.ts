import { validationFailed } from "@pap/core";

/** Refuses an update whose `idpSubject` differs from the account's. */
export function requireSameSubject(body: { idpSubject?: string }, current: { idpSubject: string }): void {
  if (body.idpSubject !== undefined && body.idpSubject !== current.idpSubject) {
    throw validationFailed([{ field: "idpSubject", message: "cannot be changed: it links the account to the identity provider" }]);
  }
}

/** The roles a create or update asks for: `roles` and `role` together, each named once. */
export function requestedRoles(body: { role?: string; roles?: readonly string[] }): string[] | undefined {
  if (body.role === undefined && body.roles === undefined) return undefined;
  return [...new Set([...(body.role !== undefined ? [body.role] : []), ...(body.roles ?? [])])];
}
