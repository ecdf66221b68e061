import { crudRoutes } from "@pap/kernel/rest";
import { caseResource } from "./case";

export const caseRoutes = crudRoutes({
  resource: caseResource,
  tag: "Case management",
  collectionPath: "/case-management/cases",
  idParam: "caseId",
});
