import { bodyReader, crudRoutes, notFound, requireObjectBody, withListFilters, type RestRequest, type RestRoute } from "@pap/kernel";
import { z } from "zod";
import { callStatuses, serviceTypes } from "../domain/vocabulary";
import { service } from "./service";
import { serviceCall } from "./service-call";

const tag = "Data exchange";
const services = "/data-exchange/services";
const calls = "/data-exchange/service-calls";
const callPath = `${calls}/{serviceCallId}`;
const metadataPath = `${callPath}/metadata/{domain}`;

const asRest = (call: unknown) => (serviceCall.toRest ? serviceCall.toRest(call as Record<string, unknown>) : call);
const readCall = (request: RestRequest, found: unknown) => {
  if (!found) throw notFound("ServiceCall", request.params.serviceCallId ?? "");
  return asRest(found);
};

const submitBody = bodyReader(serviceCall.response, serviceCall.createBody, { nonEmpty: false });

/** `POST /service-calls` (SPEC §4.3): 201 with a new call, 200 with the pending call of the same resource and service. */
const submit: RestRoute = {
  method: "POST",
  path: calls,
  operationId: "submitServiceCall",
  summary: "Submit a call to an outside service (or get the pending call of the same record and service)",
  tag,
  document: `mutation ($input: ServiceCallCreateInput!) { result: submitServiceCall(input: $input) { created serviceCall { ${serviceCall.selection} } } }`,
  variables: (request) => ({ input: submitBody(request) }),
  respond: (result, request) => {
    const { created, serviceCall: call } = result as { created: boolean; serviceCall: Record<string, unknown> };
    const body = asRest(call) as { id: string };
    return { status: created ? 201 : 200, body, headers: { location: `${request.url.split("?")[0]}/${body.id}` } };
  },
  docs: { body: serviceCall.createBody, response: serviceCall.response, successStatus: 201, errorStatuses: [400, 403, 422, 500] },
};

const metadataValue = z.record(z.string(), z.unknown()).describe("The namespace's new value: any JSON object, without personal data.");

const putMetadata: RestRoute = {
  method: "PUT",
  path: metadataPath,
  operationId: "replaceServiceCallMetadata",
  summary: "Replace one metadata namespace of a service call (the caller's own domain's)",
  tag,
  document: `mutation ($id: ID!, $domain: String!, $value: JSONObject!) { result: setServiceCallMetadata(id: $id, domain: $domain, value: $value) { ${serviceCall.selection} } }`,
  variables: (request) => ({ id: request.params.serviceCallId ?? "", domain: request.params.domain ?? "", value: requireObjectBody(request.body, { nonEmpty: false }) }),
  respond: (result, request) => ({ status: 200, body: readCall(request, result) }),
  docs: { body: metadataValue, response: serviceCall.response, successStatus: 200, errorStatuses: [400, 403, 404, 422, 500] },
};

const deleteMetadata: RestRoute = {
  method: "DELETE",
  path: metadataPath,
  operationId: "removeServiceCallMetadata",
  summary: "Remove one metadata namespace of a service call (the caller's own domain's)",
  tag,
  document: `mutation ($id: ID!, $domain: String!) { result: removeServiceCallMetadata(id: $id, domain: $domain) { id } }`,
  variables: (request) => ({ id: request.params.serviceCallId ?? "", domain: request.params.domain ?? "" }),
  respond: (result, request) => {
    readCall(request, result);
    return { status: 204 };
  },
  docs: { successStatus: 204, errorStatuses: [403, 404, 422, 500] },
};

/** The data-exchange domain (SPEC §4.3): the catalog, read-only, and the calls. */
export const dataExchangeRoutes: RestRoute[] = [
  ...crudRoutes({ resource: service, tag, collectionPath: services, idParam: "serviceId", only: ["list", "get"], queries: { get: "externalService", list: "externalServices" } }).map((route) =>
    route.path === services ? withListFilters(route, [{ name: "serviceType", values: serviceTypes, description: "Only the entries of this service type." }]) : route,
  ),
  ...crudRoutes({ resource: serviceCall, tag, collectionPath: calls, idParam: "serviceCallId", only: ["list", "get"] }).map((route) =>
    route.path === calls
      ? withListFilters(route, [
          { name: "requestingResourceId", values: "uuid", description: "Only the calls made for this record." },
          { name: "serviceType", values: serviceTypes, description: "Only the calls to services of this type." },
          { name: "status", values: callStatuses, description: "Only the calls in this status." },
        ])
      : route,
  ),
  submit,
  putMetadata,
  deleteMetadata,
];

