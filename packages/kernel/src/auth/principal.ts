import type { Role } from "./roles";

/** The kinds of actor an event may name (SPEC §2.2 authtype). */
export type PrincipalKind = "user" | "service_account" | "api_key" | "system" | "unauthenticated";

/**
 * Who is calling, as established by authentication: an id (the platform's user id, never personal
 * data), a kind, the roles the credential carries, and the counties it is scoped to.
 */
export type Principal = {
  kind: PrincipalKind;
  id?: string;
  /** The identity provider's subject, when the caller is a user with a token. */
  subject?: string;
  roles: readonly Role[];
  counties: readonly string[];
  /**
   * Permissions the identity provider grants by OAuth scope (the token's `scope` claim) beside the
   * roles: only those `scopeGrants` names, so an auditor who is no administrator reads the audit trail.
   */
  grants?: readonly string[];
  /** A partner's data-sharing agreement (partner-agreement.ts): the programs it covers, from the token's `programs` claim. */
  programs?: readonly string[];
  /** Whether that agreement lets the partner see personal identifiers (the token's `sharesIdentifiers` claim). */
  sharesIdentifiers?: boolean;
  /** The person record that is the caller's own (an applicant's), from the token's `personId` claim. */
  personId?: string;
  /** For a caller who sent no credential: the one the authentication mode in force expects, for the 401 to name. */
  expects?: string;
};

/**
 * What a token's scope may grant on its own. Reading the audit trail is an auditor's whole job, and an
 * auditor holds none of the roles (SPEC §5 fixes them): the identity provider says so with the scope.
 */
export const scopeGrants: ReadonlySet<string> = new Set(["audit:read"]);

/** The scope claim's grants: space-separated as OAuth writes it, or a list; anything else grants nothing. */
export function grantsOfScope(scope: unknown): string[] {
  const named = typeof scope === "string" ? scope.split(/\s+/) : Array.isArray(scope) ? scope : [];
  return [...new Set(named.filter((entry): entry is string => typeof entry === "string" && scopeGrants.has(entry)))];
}

export const anonymous: Principal = { kind: "unauthenticated", roles: [], counties: [] };

/** What a caller who sent nothing is told to send, unless the mode in force says otherwise. */
export const BEARER_CREDENTIAL = "Authorization: Bearer <token>";

/** The system itself, acting in reactions to events. */
export const systemPrincipal: Principal = { kind: "system", id: "system", roles: ["system"], counties: [] };

export const isAuthenticated = (principal: Principal) => principal.kind !== "unauthenticated";
