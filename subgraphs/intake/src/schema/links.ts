import { expectedSize } from "@pap/kernel/graphql";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { ApplicationRef } from "./application";

/**
 * Person is owned by the persons subgraph; here it is referenced by id and extended with the
 * applications the person is a member of. The explicit type breaks the Person ↔ Application cycle.
 */
export const PersonRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Person", builder.selection<{ id: string }>("id"))
  .implement({
    externalFields: (t) => ({ id: t.id() }),
    fields: (t) => ({
      applications: t.field({
        authScopes: { $any: { permission: "applications:read", $all: { permission: "applications:read:own" } } },
        type: [ApplicationRef],
        extensions: expectedSize(5),
        description: "The applications this person is a member of, newest first (an applicant sees only their own).",
        resolve: (person, _args, context) => context.loaders.applicationsByPerson.load(person.id),
      }),
    }),
  });

/** Appointment is owned by scheduling; an interview links the ones scheduled for it. */
export const AppointmentRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Appointment", builder.selection<{ id: string }>("id"))
  .implement({
    externalFields: (t) => ({ id: t.id() }),
  });
