import { expectedSize } from "@pap/kernel/graphql";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { AppointmentRef } from "./appointment";
import { appointmentScope } from "./appointment-scope";

/**
 * Person is owned by the persons subgraph; here it is referenced by id and extended with the person's
 * appointments. The explicit type breaks the Person ↔ Appointment inference cycle.
 */
export const PersonRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Person", builder.selection<{ id: string }>("id"))
  .implement({
    externalFields: (t) => ({ id: t.id() }),
    fields: (t) => ({
      appointments: t.field({
        authScopes: { permission: "appointments:read" },
        type: [AppointmentRef],
        extensions: expectedSize(10),
        description: "The person's appointments, earliest first.",
        resolve: async (person, _args, context) =>
          appointmentScope.withinReach(context, await context.loaders.appointmentsByPerson.load(person.id)),
      }),
    }),
  });
