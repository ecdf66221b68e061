import type { GraphQLSchema } from "graphql";
import { ApiError } from "@pap/core";
import { forbidden, unauthenticated } from "./authenticate";
import { BEARER_CREDENTIAL, type Principal } from "./principal";
import { permissionsHeldBy } from "./held";
import type { PermissionTable } from "./roles";

/**
 * What an operation asks of its caller, as its subgraph declared it with scope-auth (`authScopes`):
 * a permission of the domain's table, any signed-in user or service (`me`), or the identity
 * provider's API key (token claims). The subgraph builder enforces these; reading them here lets
 * rest-compat turn away a caller before it validates the request, with the same answer.
 */
export type Requirement =
  | {
      kind: "permission";
      permission: string;
      /** A permission that opens the operation for the caller's own records only (`persons:read:own`). */
      ownOnly?: string;
      table: PermissionTable;
    }
  | { kind: "authenticated" }
  | { kind: "apiKey" };

export type DeclaredScopes = {
  permission?: string;
  authenticated?: boolean;
  apiKey?: boolean;
  $any?: DeclaredScopes;
  $all?: DeclaredScopes;
};

/** The scopes Pothos keeps in a field's or type's extensions, if any. */
export function declaredScopes(extensions: unknown): DeclaredScopes | undefined {
  const scopes = (extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions?.authScopes;
  return typeof scopes === "object" && scopes !== null ? (scopes as DeclaredScopes) : undefined;
}

/** The requirement the scopes declare against a domain's table; undefined when they declare none it knows. */
export function requirementFrom(scopes: DeclaredScopes | undefined, table: PermissionTable): Requirement | undefined {
  if (!scopes) return undefined;
  // `{ $any: { permission: "persons:read", $all: { permission: "persons:read:own" } } }`: all records, or one's own.
  const permission = scopes.permission ?? scopes.$any?.permission;
  const ownOnly = scopes.$any?.$all?.permission;
  if (typeof permission === "string") {
    if (!Object.hasOwn(table, permission) || (ownOnly !== undefined && !Object.hasOwn(table, ownOnly))) return undefined;
    return { kind: "permission", permission, table, ...(ownOnly !== undefined && { ownOnly }) };
  }
  if (scopes.authenticated === true) return { kind: "authenticated" };
  if (scopes.apiKey === true) return { kind: "apiKey" };
  return undefined;
}

export type OperationType = "query" | "mutation" | "subscription";
export type RequirementLookup = (operation: OperationType, field: string) => Requirement | undefined;

/**
 * Every root field's requirement across the given subgraphs, by `"<operation> <field>"`: plain data,
 * which the build writes out so that a process serving only REST never builds a subgraph schema.
 */
export function requirementsTable(
  subgraphs: readonly { schema: GraphQLSchema; permissions: PermissionTable }[],
): Record<string, Requirement> {
  const found: Record<string, Requirement> = {};
  for (const { schema, permissions } of subgraphs) {
    const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
    for (const [operation, root] of Object.entries(roots)) {
      for (const field of Object.values(root?.getFields() ?? {})) {
        const requirement = requirementFrom(declaredScopes(field.extensions), permissions);
        if (requirement) found[`${operation} ${field.name}`] = requirement;
      }
    }
  }
  return found;
}

/** Looks requirements up in a table made by `requirementsTable`. */
export const requirementLookup =
  (table: Readonly<Record<string, Requirement>>): RequirementLookup =>
  (operation, field) =>
    Object.hasOwn(table, `${operation} ${field}`) ? table[`${operation} ${field}`] : undefined;

/** Every root field's requirement across the given subgraphs. */
export const operationRequirements = (subgraphs: readonly { schema: GraphQLSchema; permissions: PermissionTable }[]): RequirementLookup =>
  requirementLookup(requirementsTable(subgraphs));

/** The 401 for a caller who sent no credential, naming the one the authentication mode in force expects. */
export const notSignedIn = (principal?: Principal) =>
  unauthenticated(`This needs a signed-in caller: send '${principal?.expects ?? BEARER_CREDENTIAL}'.`, "missing_token");
export const apiKeyRequired = () =>
  unauthenticated("This operation authenticates with the identity provider's API key: send 'X-API-Key: <key>'.", "missing_api_key");
export const userCredentialRequired = () =>
  new ApiError(403, "FORBIDDEN", "This needs a signed-in user or service; an API key opens only the token-claims lookup.", [
    { field: "authorization", message: "not a user credential" },
  ]);

/** Why the principal may not run an operation with this requirement (401 or 403), or undefined when it may. */
export function refusal(requirement: Requirement, principal: Principal): ApiError | undefined {
  if (requirement.kind === "apiKey") return principal.kind === "api_key" ? undefined : apiKeyRequired();
  if (principal.kind === "unauthenticated") return notSignedIn(principal);
  if (principal.kind === "api_key") return userCredentialRequired();
  if (requirement.kind === "authenticated") return undefined;
  const held = permissionsHeldBy(principal, requirement.table);
  if (held.has(requirement.permission) || (requirement.ownOnly !== undefined && held.has(requirement.ownOnly))) return undefined;
  return forbidden(requirement.permission);
}
