import type { Person, PrismaClient } from "@pap/db";
import { createByKeyLoader, type RequestScope } from "@pap/kernel";

export type PersonsContext = RequestScope<PrismaClient> & {
  loaders: { personById: ReturnType<typeof personByIdLoader> };
};

const personByIdLoader = (db: PrismaClient) =>
  createByKeyLoader<string, Person>((ids) => db.person.findMany({ where: { id: { in: [...ids] } } }), (person) => person.id);

export function createContext(scope: RequestScope<PrismaClient>): PersonsContext {
  return { ...scope, loaders: { personById: personByIdLoader(scope.db) } };
}
