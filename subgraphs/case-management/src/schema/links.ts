import { expectedSize } from "@pap/kernel";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { CaseRef } from "./case";

/**
 * Person is owned by the persons subgraph; here it is referenced by id and extended with the cases a
 * person is part of. The explicit type breaks the Person ↔ Case inference cycle.
 */
export const PersonRef: ObjectRef<Types, { id: string }> = builder.externalRef("Person", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    cases: t.field({
      authScopes: { permission: "cases:read" },
      type: [CaseRef],
      extensions: expectedSize(5),
      description: "Cases this person is the primary applicant of or a member of, most recently updated first.",
      resolve: (person, _args, context) => context.loaders.casesByPerson.load(person.id),
    }),
  }),
});
