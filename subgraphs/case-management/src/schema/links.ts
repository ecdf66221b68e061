import { caseScope } from "./case-scope";
import { expectedSize, loadByUuid } from "@pap/kernel/graphql";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { CaseRef } from "./case";

/**
 * Person is owned by the persons subgraph; here it is referenced by id and extended with the cases a
 * person is part of. The explicit type breaks the Person ↔ Case inference cycle.
 */
export const PersonRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Person", builder.selection<{ id: string }>("id"))
  .implement({
    externalFields: (t) => ({ id: t.id() }),
    fields: (t) => ({
      cases: t.field({
        authScopes: { permission: "cases:read" },
        type: [CaseRef],
        extensions: expectedSize(5),
        description: "Cases this person is the primary applicant of or a member of, most recently updated first.",
        resolve: async (person, _args, context) => {
          return caseScope.withinReach(context, await context.loaders.casesByPerson.load(person.id));
        },
      }),
    }),
  });

/**
 * Intake's application, known here by id only (the gateway fetches the rest from intake), extended
 * with the case its approval opened or added to. `Case.applications` leads the other way.
 */
export const ApplicationRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Application", builder.selection<{ id: string }>("id"))
  .implement({
    externalFields: (t) => ({ id: t.id() }),
    fields: (t) => ({
      case: t.field({
        authScopes: { permission: "cases:read" },
        type: CaseRef,
        nullable: true,
        description: "The case the application's approval opened or added its household to (null until an approved application closes).",
        resolve: async (application, _args, context) => {
          const found = (await loadByUuid(context.loaders.caseByApplication, application.id))?.case ?? null;
          return caseScope.reachable(context, found);
        },
      }),
    }),
  });
