import { notFound } from "@pap/core";
import type { Resource } from "../resource";
import { bodyReader } from "./body";
import type { RestRoute } from "../domain/rest-route";

/** Where a record that exists at most once per parent sits (an application's household info): read and written at one path. */
export type SingletonRoutes = {
  resource: Resource;
  tag: string;
  /** The path, with the parent's parameter (`/intake/applications/{applicationId}/household-info`). */
  path: string;
  parentParam: string;
  /** What the path calls it in summaries ("household info"). */
  label: string;
};

/**
 * A singleton's GET (404 until first written) and its PATCH, which creates it on the first write.
 * They run the graph's `<resource>(<parent>)` query and `update<Resource>(<parent>, input)` mutation.
 */
export function singletonRoutes({ resource, tag, path, parentParam, label }: SingletonRoutes): RestRoute[] {
  const field = resource.single;
  const parentOf = (params: Record<string, string>) => params[parentParam] ?? "";
  const body = bodyReader(resource.response, resource.updateBody, { nonEmpty: true });
  return [
    {
      method: "GET",
      path,
      operationId: `get${resource.name}`,
      summary: `Get the ${label}`,
      tag,
      document: `query ($parent: ID!) { result: ${field}(${parentParam}: $parent) { ${resource.selection} } }`,
      variables: (request) => ({ parent: parentOf(request.params) }),
      respond: (result, request) => {
        if (!result) throw notFound(resource.name, `of ${parentParam.replace(/Id$/, "")} ${parentOf(request.params)}`);
        return { status: 200, body: result };
      },
      docs: { response: resource.response, successStatus: 200, errorStatuses: [404, 500] },
    },
    {
      method: "PATCH",
      path,
      operationId: `update${resource.name}`,
      summary: `Change the ${label}, creating it on the first write`,
      tag,
      document: `mutation ($parent: ID!, $input: ${resource.name}UpdateInput!) { result: update${resource.name}(${parentParam}: $parent, input: $input) { ${resource.selection} } }`,
      variables: (request) => ({ parent: parentOf(request.params), input: body(request) }),
      respond: (result) => ({ status: 200, body: result }),
      docs: { body: resource.updateBody, response: resource.response, successStatus: 200, errorStatuses: [400, 403, 404, 409, 422, 500] },
    },
  ];
}
