import {
  type RestRequest,
  type RestResponse,
  type RestRoute,
  answeredBy,
  crudRoutes,
  declareRoute,
  metadataNamespaceRoutes,
  resourceBodyArgument,
} from "@pap/kernel/rest";
import { z } from "zod";
import { callStatuses, serviceTypes } from "../domain/vocabulary";
import { service } from "./service";
import { serviceCall } from "./service-call";

const tag = "Data exchange";
const services = "/data-exchange/services";
const calls = "/data-exchange/service-calls";
const callPath = `${calls}/{serviceCallId}`;

/** 201 with the call created, or 200 with the call of the same record and service still pending; either at its Location. */
function submittedCall(result: unknown, request: RestRequest & { url: string }): RestResponse {
  const { created, serviceCall: call } = result as { created: boolean; serviceCall: Record<string, unknown> };
  const body = (serviceCall.toRest ? serviceCall.toRest(call) : call) as { id: string };
  return { status: created ? 201 : 200, body, headers: { location: `${request.url.split("?")[0]}/${body.id}` } };
}

/** `POST /service-calls` (SPEC §4.3): 201 with a new call, 200 with the pending call of the same resource and service. */
const submit = declareRoute({
  method: "POST",
  path: calls,
  operationId: "submitServiceCall",
  summary: "Submit a call to an outside service (or get the pending call of the same record and service)",
  tag,
  operation: "mutation",
  field: "submitServiceCall",
  args: [resourceBodyArgument(serviceCall, "create")],
  result: { created: z.boolean(), serviceCall },
  answer: answeredBy(submittedCall),
  docs: {
    response: serviceCall.response,
    successStatus: 201,
    otherSuccesses: [
      { status: 200, description: "A call of the same record to the same service was still pending: that call, and nothing created" },
    ],
    errorStatuses: [400, 403, 422, 500],
  },
});

/** The data-exchange domain (SPEC §4.3): the catalog, read-only, and the calls. */
export const dataExchangeRoutes: RestRoute[] = [
  ...crudRoutes({
    resource: service,
    tag,
    collectionPath: services,
    idParam: "serviceId",
    only: ["list", "get"],
    queries: { get: "externalService", list: "externalServices" },
    filters: [{ name: "serviceType", values: serviceTypes, description: "Only the entries of this service type." }],
  }),
  ...crudRoutes({
    resource: serviceCall,
    tag,
    collectionPath: calls,
    idParam: "serviceCallId",
    only: ["list", "get"],
    filters: [
      { name: "requestingResourceId", values: "uuid", description: "Only the calls made for this record." },
      { name: "serviceType", values: serviceTypes, description: "Only the calls to services of this type." },
      { name: "status", values: callStatuses, description: "Only the calls in this status." },
    ],
  }),
  submit,
  ...metadataNamespaceRoutes({ resource: serviceCall, itemPath: callPath, idParam: "serviceCallId", tag, record: "service call" }),
];
