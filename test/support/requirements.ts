// What each GraphQL root field requires of its caller (read by the kernel from the scopes its
// subgraph declared) and the status a caller should then get: the expectations the authorization
// matrices assert.
import { subgraphs } from "@pap/gateway";
import { operationRequirements, permissionsOf, type OperationType, type Requirement, type Role } from "@pap/kernel/auth";

export { declaredScopes, requirementFrom, type Requirement } from "@pap/kernel/auth";

/** Who calls: a role's token, no credential, or the identity provider's API key. */
export type Caller = Role | "anonymous" | "api_key";

const lookup = operationRequirements(subgraphs);

/** The requirement of a root field, from the subgraph that defines it. */
export function rootFieldRequirement(operation: OperationType, field: string): Requirement {
  const requirement = lookup(operation, field);
  if (!requirement) throw new Error(`no subgraph declares what ${operation} field '${field}' requires`);
  return requirement;
}

/**
 * 401 without a credential, 403 without the grant, the operation's own status with it. A caller who
 * may see only their own records (persons:read:own) is refused a record that is not theirs.
 */
export function expectedStatus(
  requirement: Requirement,
  caller: Caller,
  success: number,
  request: { namesOthersRecord?: boolean } = {},
): number {
  if (caller === "anonymous") return 401;
  switch (requirement.kind) {
    case "apiKey":
      return caller === "api_key" ? success : 401;
    case "authenticated":
      return caller === "api_key" ? 403 : success;
    case "permission": {
      if (caller === "api_key") return 403;
      const held = permissionsOf([caller], [requirement.table]);
      if (held.has(requirement.permission)) return success;
      if (requirement.ownOnly && held.has(requirement.ownOnly)) return request.namesOthersRecord ? 403 : success;
      return 403;
    }
  }
}
