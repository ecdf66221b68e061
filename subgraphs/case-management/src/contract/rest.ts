import { crudRoutes, type DomainContract } from "@pap/kernel";
import { caseResource } from "./case";

export const caseRoutes = crudRoutes({ resource: caseResource, tag: "Case management", collectionPath: "/case-management/cases", idParam: "caseId" });

/** This domain as the REST surface registers it. */
export const restContract: DomainContract = { name: "case-management", restRoutes: () => caseRoutes };
