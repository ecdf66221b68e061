import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import type { Appointment, PrismaClient } from "@pap/db";
import { appointmentPermissions } from "./domain/permissions";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";

function loaders(db: PrismaClient) {
  return {
    appointmentById: createByKeyLoader<string, Appointment>(
      (ids) => db.appointment.findMany({ where: { id: { in: [...ids] } } }),
      (appointment) => appointment.id,
    ),
    appointmentsByPerson: createGroupLoader<string, Appointment>(
      (personIds) => db.appointment.findMany({ where: { personId: { in: [...personIds] } }, orderBy: [{ startAt: "asc" }, { id: "asc" }] }),
      (appointment) => [appointment.personId],
    ),
  };
}

export type SchedulingContext = DomainContext & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<DomainServices>): SchedulingContext {
  return domainContext(scope, appointmentPermissions, { loaders: loaders(scope.db) });
}
