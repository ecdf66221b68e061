import { crudRoutes, type RestRoute } from "@pap/kernel";
import { documentType } from "./document-type";

const tag = "Document management";

/** The document-management domain (SPEC §4.2): so far its document types. */
export const documentManagementRoutes: RestRoute[] = [
  ...crudRoutes({
    resource: documentType,
    tag,
    collectionPath: "/document-management/document-types",
    idParam: "documentTypeId",
    summaries: {
      update: "Update a document type created through the API (a configured one: 409 CONFIG_MANAGED)",
      delete: "Delete a document type created through the API (a configured one: 409 CONFIG_MANAGED)",
    },
  }).map((route) => (route.method === "PATCH" || route.method === "DELETE" ? { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 409])] } } : route)),
];
