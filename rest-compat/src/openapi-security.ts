import { roleWithInherited, roles, type AuthMode, type Requirement } from "@pap/kernel/auth";

/**
 * How a client authenticates, as OpenAPI security schemes, for the mode the platform runs in: a bearer
 * token (the identity provider's JWT, or a development token from `GET /dev/token`), the trusted
 * proxy's caller headers, and the identity provider's API key for the token-claims lookup.
 */
export function securitySchemes(mode: AuthMode): Record<string, object> {
  const apiKey = {
    ApiKey: {
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
      description: "The identity provider's key; accepted only by the token-claims lookup.",
    },
  };
  if (mode === "trusted-headers") {
    return {
      CallerId: {
        type: "apiKey",
        in: "header",
        name: "X-Caller-Id",
        description: "Set by the authenticating proxy in front of the platform: the caller's id.",
      },
      CallerRoles: {
        type: "apiKey",
        in: "header",
        name: "X-Caller-Roles",
        description: "Set by the authenticating proxy: the caller's roles, comma-separated.",
      },
      ...apiKey,
    };
  }
  const description =
    mode === "development"
      ? "A development token: `GET /dev/token?role=case_worker` on this platform issues one (signed with a key local to the machine)."
      : "A JWT from the deployment's identity provider (issuer, audience and keys as configured).";
  return { BearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description }, ...apiKey };
}

/** The roles that hold a permission, directly or through the staff hierarchy. */
function rolesHolding(requirement: Extract<Requirement, { kind: "permission" }>, permission: string): string[] {
  return roles.filter((role) => roleWithInherited(role).some((held) => (requirement.table[permission] ?? []).includes(held)));
}

/**
 * An operation's security requirement and what it says of who may call it: the API key for the
 * token-claims lookup; a signed-in caller for everything else (with the roles that hold the permission).
 */
export function operationSecurity(requirement: Requirement | undefined, mode: AuthMode): { security: object[]; note?: string } {
  const signedIn = mode === "trusted-headers" ? [{ CallerId: [], CallerRoles: [] }] : [{ BearerAuth: [] }];
  if (!requirement) return { security: signedIn };
  if (requirement.kind === "apiKey") return { security: [{ ApiKey: [] }] };
  if (requirement.kind === "authenticated") return { security: signedIn, note: "Any signed-in caller." };
  const all = rolesHolding(requirement, requirement.permission);
  const own = requirement.ownOnly ? rolesHolding(requirement, requirement.ownOnly).filter((role) => !all.includes(role)) : [];
  const note = `Requires \`${requirement.permission}\` (${all.join(", ") || "no role"})${own.length ? `; \`${requirement.ownOnly}\` for their own records (${own.join(", ")})` : ""}.`;
  return { security: signedIn, note };
}
