// What each GraphQL root field requires of its caller, read from the scopes its subgraph declared,
// and the status a caller should then get: the expectations the authorization matrices assert.
import { subgraphs } from "@pap/gateway";
import { permissionsOf, type PermissionTable, type Role } from "@pap/kernel";

type Scopes = { permission?: string; authenticated?: boolean; apiKey?: boolean; $any?: Scopes };

export type Requirement =
  | { kind: "permission"; permission: string; table: PermissionTable }
  | { kind: "authenticated" }
  | { kind: "apiKey" };

/** Who calls: a role's token, no credential, or the identity provider's API key. */
export type Caller = Role | "anonymous" | "api_key";

/** The scope-auth scopes Pothos keeps on a field or type (`authScopes`), if any. */
export function scopesOf(extensions: unknown): Scopes | undefined {
  return (extensions as { pothosOptions?: { authScopes?: Scopes } } | undefined)?.pothosOptions?.authScopes;
}

/** A declared requirement: a permission of the domain's table, a signed-in caller, or the API key. */
export function requirementFrom(scopes: Scopes | undefined, table: PermissionTable): Requirement | undefined {
  if (!scopes || typeof scopes !== "object") return undefined;
  const permission = scopes.permission ?? scopes.$any?.permission;
  if (typeof permission === "string") return Object.hasOwn(table, permission) ? { kind: "permission", permission, table } : undefined;
  if (scopes.authenticated === true) return { kind: "authenticated" };
  if (scopes.apiKey === true) return { kind: "apiKey" };
  return undefined;
}

/** The requirement of a root field, from the subgraph that defines it. */
export function rootFieldRequirement(operation: "query" | "mutation" | "subscription", field: string): Requirement {
  for (const subgraph of subgraphs) {
    const root = operation === "mutation" ? subgraph.schema.getMutationType() : operation === "subscription" ? subgraph.schema.getSubscriptionType() : subgraph.schema.getQueryType();
    const definition = root?.getFields()[field];
    const requirement = definition && requirementFrom(scopesOf(definition.extensions), subgraph.permissions);
    if (requirement) return requirement;
  }
  throw new Error(`no subgraph declares what ${operation} field '${field}' requires`);
}

/** 401 without a credential, 403 without the grant, the operation's own status with it. */
export function expectedStatus(requirement: Requirement, caller: Caller, success: number): number {
  if (caller === "anonymous") return 401;
  switch (requirement.kind) {
    case "apiKey":
      return caller === "api_key" ? success : 401;
    case "authenticated":
      return caller === "api_key" ? 403 : success;
    case "permission":
      return caller !== "api_key" && permissionsOf([caller], [requirement.table]).has(requirement.permission) ? success : 403;
  }
}
