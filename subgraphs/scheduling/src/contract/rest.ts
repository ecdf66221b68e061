import { crudRoutes, type DomainContract } from "@pap/kernel";
import { appointment } from "./appointment";

export const appointmentRoutes = crudRoutes({ resource: appointment, tag: "Scheduling", collectionPath: "/scheduling/appointments", idParam: "appointmentId" });

/** This domain as the REST surface registers it. */
export const restContract: DomainContract = { name: "scheduling", restRoutes: () => appointmentRoutes };
