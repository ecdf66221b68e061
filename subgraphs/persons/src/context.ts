import type { RequestScope } from "@pap/kernel/domain";
import { createRowByIdLoader } from "@pap/kernel/graphql";
import type { Person } from "@pap/db";
import { personPermissions } from "./domain/permissions";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";

export type PersonsContext = DomainContext & {
  loaders: { personById: ReturnType<typeof personByIdLoader> };
};

// A person by id is the platform's hottest read (every case, application and appointment leads to one).
const personByIdLoader = (read: RequestScope<DomainServices>["read"]) => createRowByIdLoader<Person>(read, "person");

export function createContext(scope: RequestScope<DomainServices>): PersonsContext {
  return domainContext(scope, personPermissions, { loaders: { personById: personByIdLoader(scope.read) } });
}
