import type { Resource } from "../resource";
import { found, shown } from "./answers";
import { pathArgument, resourceBodyArgument } from "./arguments";
import { declareRoute } from "./declare";
import type { RestRoute } from "./route";

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
  const parent = pathArgument(parentParam, { variable: "parent" });
  return [
    declareRoute({
      method: "GET",
      path,
      operationId: `get${resource.name}`,
      summary: `Get the ${label}`,
      tag,
      operation: "query",
      field: resource.single,
      args: [parent],
      result: resource,
      answer: found({ param: parentParam, ofParent: true }),
      docs: { errorStatuses: [404, 500] },
    }),
    declareRoute({
      method: "PATCH",
      path,
      operationId: `update${resource.name}`,
      summary: `Change the ${label}, creating it on the first write`,
      tag,
      operation: "mutation",
      field: `update${resource.name}`,
      args: [parent, resourceBodyArgument(resource, "update")],
      result: resource,
      answer: shown(),
      docs: { errorStatuses: [400, 403, 404, 409, 422, 500] },
    }),
  ];
}
