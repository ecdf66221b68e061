import { z } from "zod";
import { notFound } from "@pap/core";
import type { Resource } from "../resource";
import type { ResourceDeclaration } from "../resource/declaration";
import { requireObjectBody } from "../validation/body";
import type { RestRequest, RestRoute } from "../domain/rest-route";

/**
 * `PUT` and `DELETE {itemPath}/metadata/{domain}` of a record whose metadata is kept per domain
 * namespace (a service call, a document): each the graph's `set<Name>Metadata` /
 * `remove<Name>Metadata` mutation, answering the record (200) or nothing (204).
 */
export function metadataNamespaceRoutes<D extends ResourceDeclaration>(options: { resource: Resource<D>; itemPath: string; idParam: string; tag: string; record: string }): RestRoute[] {
  const { resource, itemPath, idParam, tag, record } = options;
  const name = resource.name;
  const path = `${itemPath}/metadata/{domain}`;
  const read = (request: RestRequest, found: unknown) => {
    if (!found) throw notFound(name, request.params[idParam] ?? "");
    return resource.toRest ? resource.toRest(found as Record<string, unknown>) : found;
  };
  const target = (request: RestRequest) => ({ id: request.params[idParam] ?? "", domain: request.params.domain ?? "" });
  return [
    {
      method: "PUT",
      path,
      operationId: `replace${name}Metadata`,
      summary: `Replace one metadata namespace of a ${record} (the caller's own domain's)`,
      tag,
      document: `mutation ($id: ID!, $domain: String!, $value: JSONObject!) { result: set${name}Metadata(id: $id, domain: $domain, value: $value) { ${resource.selection} } }`,
      variables: (request) => ({ ...target(request), value: requireObjectBody(request.body, { nonEmpty: false }) }),
      respond: (result, request) => ({ status: 200, body: read(request, result) }),
      docs: { body: z.record(z.string(), z.unknown()).describe("The namespace's new value: any JSON object."), response: resource.response, successStatus: 200, errorStatuses: [400, 403, 404, 422, 500] },
    },
    {
      method: "DELETE",
      path,
      operationId: `remove${name}Metadata`,
      summary: `Remove one metadata namespace of a ${record} (the caller's own domain's)`,
      tag,
      document: `mutation ($id: ID!, $domain: String!) { result: remove${name}Metadata(id: $id, domain: $domain) { id } }`,
      variables: target,
      respond: (result, request) => {
        read(request, result);
        return { status: 204 };
      },
      docs: { successStatus: 204, errorStatuses: [403, 404, 422, 500] },
    },
  ];
}
