import { z } from "zod";
import type { Resource } from "../resource";
import type { ResourceDeclaration } from "../resource/declaration";
import { found, noContent } from "./answers";
import { objectBodyArgument, pathArgument } from "./arguments";
import { declareRoute } from "./declare";
import type { RestRoute } from "./route";

/**
 * `PUT` and `DELETE {itemPath}/metadata/{domain}` of a record whose metadata is kept per domain
 * namespace (a service call, a document): each the graph's `set<Name>Metadata` /
 * `remove<Name>Metadata` mutation, answering the record (200) or nothing (204).
 */
export function metadataNamespaceRoutes<D extends ResourceDeclaration>(options: {
  resource: Resource<D>;
  itemPath: string;
  idParam: string;
  tag: string;
  record: string;
}): RestRoute[] {
  const { resource, itemPath, idParam, tag, record } = options;
  const name = resource.name;
  const path = `${itemPath}/metadata/{domain}`;
  const target = [pathArgument(idParam, { argument: "id" }), pathArgument("domain", { type: "String!" })];
  return [
    declareRoute({
      method: "PUT",
      path,
      operationId: `replace${name}Metadata`,
      summary: `Replace one metadata namespace of a ${record} (the caller's own domain's)`,
      tag,
      operation: "mutation",
      field: `set${name}Metadata`,
      args: [...target, objectBodyArgument("value")],
      result: resource,
      answer: found(idParam),
      docs: {
        body: z.record(z.string(), z.unknown()).describe("The namespace's new value: any JSON object."),
        errorStatuses: [400, 403, 404, 422, 500],
      },
    }),
    declareRoute({
      method: "DELETE",
      path,
      operationId: `remove${name}Metadata`,
      summary: `Remove one metadata namespace of a ${record} (the caller's own domain's)`,
      tag,
      operation: "mutation",
      field: `remove${name}Metadata`,
      args: target,
      result: z.object({ id: z.string() }),
      answer: noContent({ name, param: idParam }),
      docs: { errorStatuses: [403, 404, 422, 500] },
    }),
  ];
}
