import type { PermissionTable } from "@pap/kernel/auth";
import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader } from "@pap/kernel/graphql";
import type { PrismaClient, User } from "@pap/db";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { userPermissions } from "./domain/permissions";

function loaders(db: PrismaClient) {
  return {
    userById: createByKeyLoader<string, User>(
      (ids) => db.user.findMany({ where: { id: { in: [...ids] } } }),
      (user) => user.id,
    ),
  };
}

export type IdentityContext = DomainContext & {
  loaders: ReturnType<typeof loaders>;
  /** Every domain's permission table: what a role grants across the platform. */
  permissionCatalog: readonly PermissionTable[];
};

export function createContext(scope: RequestScope<DomainServices>, permissionCatalog: readonly PermissionTable[]): IdentityContext {
  return domainContext(scope, userPermissions, { loaders: loaders(scope.db), permissionCatalog });
}
