import { crudRoutes } from "@pap/kernel/rest";
import { person } from "./person";

/** Persons sit at the API root (`/persons`); a create writes the record, an update merges a patch into it. */
export const personRoutes = crudRoutes({
  resource: person,
  tag: "Persons",
  collectionPath: "/persons",
  idParam: "personId",
  mutations: {
    create: { field: "createPerson", inputType: "JSONObject!", inputArg: "attributes" },
    update: { field: "updatePerson", inputType: "JSONObject!", inputArg: "patch" },
    delete: "deletePerson",
  },
});
