import { notFound } from "../errors";
import type { Resource } from "../resource";
import { actionEnumValue, actionMutationName, performActionField, type AnyMachine } from "../state-machine";
import { requireObjectBody } from "../validation";
import type { RestRequest, RestRoute } from "./route";

/** Where a machine's actions sit in the REST surface: `POST {itemPath}/{action}` for each item path given. */
export type MachineActionRoutes = {
  machine: AnyMachine;
  /** The resource the actions answer with (its selection and representation). */
  resource: Resource;
  tag: string;
  /**
   * The item's paths (usually one; a verification is reached both under its application and without
   * it). The first is the documented operation's; the others share its operationId with a suffix.
   */
  itemPaths: readonly string[];
  idParam: string;
  /** The path parameter naming the record's parent, when the item path has one: passed to the graph, which answers 404 for a record of another parent. */
  parentParam?: string;
};

/** An action's body is optional; when sent it must be a JSON object. Its fields are judged by the machine, after the state and the caller's role. */
const actionBody = (request: RestRequest) => (request.body === undefined || request.body === null || request.body === "" ? {} : requireObjectBody(request.body));

/**
 * One REST route per action and item path, each translated into the machine's `perform<Resource>Action`
 * mutation with the body as sent, so that the machine judges it in the contract's order (404 → 409 →
 * 403 → 409 → 422) rather than GraphQL's input coercion first.
 */
export function machineActionRoutes(spec: MachineActionRoutes): RestRoute[] {
  const { machine, resource, tag, idParam, parentParam } = spec;
  const parentDeclaration = parentParam ? ", $parentId: ID" : "";
  const parentArgument = parentParam ? `, ${parentParam}: $parentId` : "";
  const document = `mutation ($id: ID!, $action: ${resource.name}Action!, $body: JSONObject${parentDeclaration}) {
    result: ${performActionField(resource.name)}(id: $id, action: $action, body: $body${parentArgument}) { ${resource.selection} } }`;
  return spec.itemPaths.flatMap((itemPath, pathIndex) =>
    Object.entries(machine.actions).map(([action, definition]): RestRoute => ({
      method: "POST",
      path: `${itemPath}/${action}`,
      operationId: `${actionMutationName(action, resource.name)}${pathIndex ? `Via${pathIndex + 1}` : ""}`,
      summary: definition.description,
      tag,
      document,
      variables: (request) => ({
        id: request.params[idParam] ?? "",
        action: actionEnumValue(action),
        body: actionBody(request),
        ...(parentParam && request.params[parentParam] !== undefined && { parentId: request.params[parentParam] }),
      }),
      respond: (result, request) => {
        if (!result) throw notFound(resource.name, request.params[idParam] ?? "");
        return { status: 200, body: result };
      },
      docs: {
        ...(definition.body && { body: definition.body, bodyOptional: definition.body.safeParse({}).success }),
        response: resource.response,
        successStatus: 200,
        errorStatuses: [400, 403, 404, 409, 422, 500],
      },
    })),
  );
}
