import { crudRoutes } from "@pap/kernel/rest";
import { appointment } from "./appointment";

export const appointmentRoutes = crudRoutes({
  resource: appointment,
  tag: "Scheduling",
  collectionPath: "/scheduling/appointments",
  idParam: "appointmentId",
});
