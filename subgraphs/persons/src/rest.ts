import type { DomainContract } from "@pap/kernel";
import { crudRoutes } from "@pap/kernel";
import { personBody, personListSpec } from "./domain/person";
import { z } from "zod";

/** Persons sit at the API root (`/persons`); the record is the free-form attributes plus server fields. */
export const personRoutes = crudRoutes({
  name: "Person",
  tag: "Persons",
  collectionPath: "/persons",
  idParam: "personId",
  selection: "id attributes createdAt updatedAt",
  mutations: {
    create: { field: "createPerson", inputType: "JSONObject!", inputArg: "attributes" },
    update: { field: "updatePerson", inputType: "JSONObject!", inputArg: "patch" },
    delete: "deletePerson",
  },
  listSpec: personListSpec,
  createBody: personBody,
  updateBody: personBody,
  response: z.looseObject({ id: z.uuid(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() }),
  toRest: ({ attributes, id, createdAt, updatedAt }) => ({ ...(attributes as object), id, createdAt, updatedAt }),
});

/** This domain as the REST surface registers it. */
export const restContract: DomainContract = { name: "persons", restRoutes: () => personRoutes };
