import { defineResource, namespaceMap } from "@pap/kernel/resource";
import { z } from "zod";
import { personalDataFields, personalDataPaths } from "../domain/personal-data";
import { callModes, callResults, callStatuses, failureReasons, serviceTypes } from "../domain/vocabulary";

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of: ${values.join(", ")}` });

/**
 * A call to an outside service (SPEC §2.5, §3.2): submitted for one requesting resource, answered by the
 * agency later (async) or within the request (sync). Its body names the service by id or by type, never
 * both (resources.md §6), and carries no personal data: the adapter fetches that from the resource.
 */
export const serviceCall = defineResource({
  name: "ServiceCall",
  plural: "serviceCalls",
  model: "ExternalServiceCall",
  description: "A call to an outside service for one record, and what the agency answered.",
  fields: {
    id: { kind: "uuid", search: true },
    serviceId: { kind: "uuid", write: "create", search: true, description: "The catalog entry called (give this or serviceType)." },
    serviceType: {
      kind: "enum",
      values: serviceTypes,
      enumName: "ServiceType",
      write: "create",
      input: enumOf(serviceTypes),
      search: true,
      sort: true,
      description: "The kind of service; on submission, names the catalog entry to call instead of serviceId.",
    },
    requestingResourceId: {
      kind: "uuid",
      write: "create",
      required: true,
      search: true,
      description: "The record the call is made for; with serviceId, the key that keeps one call pending.",
    },
    requestingResourceType: {
      kind: "string",
      nullable: true,
      description: "Copied from the catalog entry: where the adapter fetches the sensitive inputs.",
    },
    callMode: {
      kind: "enum",
      values: callModes,
      enumName: "CallMode",
      write: "create",
      input: enumOf(callModes),
      sort: true,
      description: "sync: answered within the request; async: answered later. Default: the catalog entry's.",
    },
    status: { kind: "enum", values: callStatuses, enumName: "ServiceCallStatus", search: true, sort: true },
    data: {
      kind: "json",
      nullable: true,
      write: "create",
      description: "The call's context, shaped by its service type; never personal data.",
    },
    metadata: {
      kind: "json",
      write: "create",
      input: namespaceMap,
      description:
        "Per calling domain (intake, eligibility …) an object of its own, echoed in every later event of the call at data.metadata.<domain>.",
    },
    result: {
      kind: "enum",
      values: callResults,
      enumName: "ServiceCallResult",
      nullable: true,
      description: "What the agency's answer says, once it has answered.",
    },
    serviceResult: { kind: "json", nullable: true, description: "The agency's answer in detail, shaped by the service type." },
    failureReason: {
      kind: "enum",
      values: failureReasons,
      enumName: "ServiceCallFailureReason",
      nullable: true,
      description: "Why it failed, when it did.",
    },
    attempts: { kind: "integer", description: "How many times the agency has been asked." },
    nextAttemptAt: { kind: "datetime", nullable: true, description: "When a pending asynchronous call is next tried." },
    lastError: {
      kind: "string",
      nullable: true,
      description: "What went wrong on the last attempt that did not get an answer (never personal data).",
    },
    deadlineAt: { kind: "datetime", description: "When a call still pending becomes timed_out: its service's window from submission." },
    completedAt: { kind: "datetime", nullable: true, sort: true },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the call belongs to, a five-digit FIPS code: its requesting record's (a member, a verification, an application), else its submitter's when they are confined to counties; null: state level.",
    },
    service: { kind: "reference", target: "ExternalService", description: "The catalog entry called." },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  storedOnly: ["leaseUntil", "traceparent", "submittedEventId"],
  refineCreate: (body) =>
    body.superRefine((value, issues) => {
      const named = ["serviceId", "serviceType"].filter(
        (field) => (value as Record<string, unknown>)[field] !== undefined && (value as Record<string, unknown>)[field] !== null,
      );
      if (named.length === 0) issues.addIssue({ code: "custom", path: ["serviceId"], message: "is required (or give 'serviceType')" });
      if (named.length === 2)
        issues.addIssue({ code: "custom", path: ["serviceType"], message: "must not be given with 'serviceId': name the service one way" });
      for (const field of ["data", "metadata"] as const) {
        for (const path of personalDataPaths((value as Record<string, unknown>)[field], field)) {
          issues.addIssue({
            code: "custom",
            path: path.split("."),
            message: `is personal data, which a service call never carries (${personalDataFields.length} names are refused); the agency's adapter fetches it from the requesting resource`,
          });
        }
      }
    }),
  list: { defaultSort: "-createdAt" },
});
