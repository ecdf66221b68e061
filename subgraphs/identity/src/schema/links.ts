import { builder } from "../builder";
import { UserRef } from "./user";

/** Person is owned by the persons subgraph; an account linked to one (an applicant's) leads to it. */
const PersonRef = builder.externalRef("Person", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
});

builder.objectField(UserRef, "person", (t) =>
  t.field({
    type: PersonRef,
    nullable: true,
    description: "The person record this account belongs to (an applicant's own), when linked.",
    resolve: (user) => (user.personId ? { id: user.personId } : null),
  }),
);
