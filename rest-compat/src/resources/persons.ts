import { personBody, personListSpec } from "@pap/persons/contract";
import { z } from "zod";
import { crudRoutes } from "../crud";

/** Persons sit at the API root (`/persons`); the record is the free-form attributes plus server fields. */
export const personRoutes = crudRoutes({
  name: "Person",
  tag: "Persons",
  collectionPath: "/persons",
  idParam: "personId",
  selection: "id attributes createdAt updatedAt",
  queries: { get: "person", list: "persons" },
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
