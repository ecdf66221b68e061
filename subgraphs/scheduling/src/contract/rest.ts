import { crudRoutes, machineActionRoutes } from "@pap/kernel/rest";
import { appointmentMachine } from "../domain/appointment-machine";
import { appointment } from "./appointment";

const collectionPath = "/scheduling/appointments";

/** The appointments' CRUD (SPEC §4.5) and the lifecycle's actions, `POST /scheduling/appointments/{appointmentId}/<action>`. */
export const appointmentRoutes = [
  ...crudRoutes({ resource: appointment, tag: "Scheduling", collectionPath, idParam: "appointmentId" }),
  ...machineActionRoutes({
    machine: appointmentMachine,
    resource: appointment,
    tag: "Scheduling",
    itemPaths: [`${collectionPath}/{appointmentId}`],
    idParam: "appointmentId",
  }),
];
