import type { Person, PrismaClient } from "@pap/db";
import { createByKeyLoader, type RequestScope } from "@pap/kernel";
import { personPermissions } from "./domain/permissions";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";

export type PersonsContext = DomainContext & {
  loaders: { personById: ReturnType<typeof personByIdLoader> };
};

const personByIdLoader = (db: PrismaClient) =>
  createByKeyLoader<string, Person>((ids) => db.person.findMany({ where: { id: { in: [...ids] } } }), (person) => person.id);

export function createContext(scope: RequestScope<DomainServices>): PersonsContext {
  return { ...domainContext(scope, personPermissions), loaders: { personById: personByIdLoader(scope.db) } };
}
