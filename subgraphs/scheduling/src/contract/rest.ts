import { crudRoutes } from "@pap/kernel";
import { appointment } from "./appointment";

export const appointmentRoutes = crudRoutes({ resource: appointment, tag: "Scheduling", collectionPath: "/scheduling/appointments", idParam: "appointmentId" });
