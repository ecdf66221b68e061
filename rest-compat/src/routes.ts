import { appointmentRoutes } from "./resources/appointments";
import { caseRoutes } from "./resources/cases";
import { personRoutes } from "./resources/persons";
import type { RestRoute } from "./route";

/** Every REST operation served; the Fastify routes and /openapi.json are both generated from it. */
export const restRoutes: readonly RestRoute[] = [...personRoutes, ...caseRoutes, ...appointmentRoutes];
