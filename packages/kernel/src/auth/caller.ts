import type { Authenticator } from "./authenticate";
import type { Principal } from "./principal";
import { permissionsOf, type PermissionTable } from "./roles";

/** The caller of one request, as a domain sees it: established once, on first use. */
export type CallerContext = {
  principal(): Promise<Principal>;
  /** What the caller may do in this domain, by its permission table. */
  permissions(): Promise<ReadonlySet<string>>;
  /** The principal if it has been established already (authorization errors need it synchronously). */
  knownPrincipal(): Principal | undefined;
  /** The permissions if they have been worked out already (a type's scopes, checked for each object, read them synchronously). */
  knownPermissions(): ReadonlySet<string> | undefined;
};

export function callerContext(headers: Record<string, string | undefined>, authenticate: Authenticator, table: PermissionTable): CallerContext {
  let known: Principal | undefined;
  let principal: Promise<Principal> | undefined;
  let permissions: Promise<ReadonlySet<string>> | undefined;
  let knownPermissions: ReadonlySet<string> | undefined;
  const establish = () => (principal ??= authenticate(headers).then((caller) => (known = caller)));
  return {
    principal: establish,
    permissions: () => (permissions ??= establish().then((caller) => (knownPermissions = permissionsOf(caller.roles, [table])))),
    knownPrincipal: () => known,
    knownPermissions: () => knownPermissions,
  };
}
