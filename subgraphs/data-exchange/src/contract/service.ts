import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { callModes, serviceTypes } from "../domain/vocabulary";

export const serviceSources = ["system", "user"] as const;

/**
 * An entry of the catalog of outside services (SPEC §2.5). Entries come from configuration only (the
 * eleven of configuration §2, and a deployment's own): no body writes one. Where an entry's agency
 * answers (its endpoint, timeout and credential) is configuration the API never shows.
 */
export const service = defineResource({
  name: "ExternalService",
  plural: "services",
  model: "ExternalService",
  description: "An outside service the platform can call: an agency's data source, by type.",
  fields: {
    id: { kind: "uuid" },
    name: { kind: "string", search: true, sort: true },
    serviceType: { kind: "enum", values: serviceTypes, enumName: "ServiceType", search: true, sort: true },
    defaultCallMode: {
      kind: "enum",
      values: callModes,
      enumName: "CallMode",
      sort: true,
      description: "How calls run unless a call says otherwise: async (answered later) or sync (within the request).",
    },
    programs: { kind: "string", list: true, shape: z.string(), description: "The programs whose checks use it." },
    requestingResourceType: {
      kind: "string",
      nullable: true,
      description:
        "The kind of record its calls are made for (`intake/applications/members` …): where its adapter fetches the call's sensitive inputs.",
    },
    source: {
      kind: "enum",
      values: serviceSources,
      enumName: "ExternalServiceSource",
      enumDescription: "system: the platform's configuration; user: the deployment's.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "name" },
});
