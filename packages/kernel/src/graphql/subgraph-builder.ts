import SchemaBuilder from "@pothos/core";
import DirectivesPlugin from "@pothos/plugin-directives";
import FederationPlugin from "@pothos/plugin-federation";
import PrismaPlugin, { type PothosPrismaDatamodel, type PrismaClient } from "@pothos/plugin-prisma";
import ScopeAuthPlugin, { type AuthFailure } from "@pothos/plugin-scope-auth";
import { forbidden } from "../auth/authenticate";
import { apiKeyRequired, notSignedIn, userCredentialRequired } from "../auth/requirements";
import { accountRequired } from "../auth/caller";
import type { KernelContext, PlatformAuthScopes } from "./builder-methods";
import { sharedScalars, type SharedScalars } from "./scalars";

/** The permission a failed check asked for, to name it in the 403. */
function permissionIn(failure: AuthFailure): string | undefined {
  if (failure.kind === "AuthScope" && failure.scope === "permission") return String(failure.parameter);
  if (failure.kind === "AnyAuthScopes" || failure.kind === "AllAuthScopes") return failure.failures.map(permissionIn).find(Boolean);
  return undefined;
}

function asksFor(failure: AuthFailure, scope: string): boolean {
  if (failure.kind === "AuthScope") return failure.scope === scope;
  if (failure.kind === "AnyAuthScopes" || failure.kind === "AllAuthScopes") return failure.failures.some((inner) => asksFor(inner, scope));
  return false;
}

/**
 * The plugin set and defaults every domain subgraph is built with: authorization by permission
 * (scope-auth: `authScopes: { permission: "persons:read" }` on every root field and entity type, 401
 * for an anonymous caller, 403 for one without the permission), Prisma-backed objects, federation
 * keys, the shared scalars, non-null by default, and empty Query/Mutation roots to extend. Each
 * subgraph's `builder.ts` calls this with its context type and the generated Prisma types.
 */
export function createSubgraphBuilder<Context extends KernelContext & { db: PrismaClient }, PrismaTypes extends object>(
  datamodel: PothosPrismaDatamodel,
) {
  const builder = new SchemaBuilder<{
    Context: Context;
    PrismaTypes: PrismaTypes;
    Scalars: SharedScalars;
    DefaultFieldNullability: false;
    AuthScopes: PlatformAuthScopes;
  }>({
    // Authorization first, so no other plugin's wrapper runs for a caller who may not see the field.
    plugins: [ScopeAuthPlugin, PrismaPlugin, DirectivesPlugin, FederationPlugin],
    defaultFieldNullability: false,
    prisma: { client: (context: Context) => context.db, dmmf: datamodel },
    scopeAuth: {
      authorizeOnSubscribe: true,
      authScopes: async (context: Context) => {
        const principal = await context.principal();
        const permissions = await context.permissions();
        return {
          authenticated: principal.kind !== "unauthenticated" && principal.kind !== "api_key",
          apiKey: principal.kind === "api_key",
          permission: (permission: string) => permissions.has(permission),
          ownPerson: (personId: string) => principal.personId !== undefined && principal.personId === personId.toLowerCase(),
          // The caller's account, not the credential's id: that may be the identity provider's subject.
          owner: async (accountId: string) => (await context.account())?.id === accountId.toLowerCase(),
        };
      },
      unauthorizedError: (_parent, context, _info, result) => {
        if (asksFor(result.failure, "apiKey")) return apiKeyRequired();
        const principal = context.knownPrincipal();
        if (!principal || principal.kind === "unauthenticated") return notSignedIn(principal);
        // A record only its owner reads, asked for by a caller with no account to own anything: say that, not which permission is missing.
        if (asksFor(result.failure, "owner") && context.knownAccount() === null)
          return accountRequired(principal, "Only the user account that owns this record may read it");
        const permission = permissionIn(result.failure);
        return permission ? forbidden(permission) : userCredentialRequired();
      },
    },
  });
  builder.addScalarType("DateTime", sharedScalars.DateTime);
  builder.addScalarType("Date", sharedScalars.Date);
  builder.addScalarType("JSON", sharedScalars.JSON);
  builder.addScalarType("JSONObject", sharedScalars.JSONObject);
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
