import { z } from "zod";
import { notFound } from "@pap/core";
import type { Resource } from "../resource";
import { actionEnumValue, actionMutationName, performActionField, performPartActionField, unnamedPartNote, type AnyMachine, type PartsAtParent } from "../state-machine";
import { requireObjectBody } from "../validation";
import type { RestRequest, RestRoute } from "../domain/rest-route";

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

/** Where a part's actions sit at its parent's path (the specification's table forms): `POST {parentPath}/{action}`. */
export type PartActionRoutes = PartsAtParent & {
  machine: AnyMachine;
  /** The part (its `<Name>Action` enum) and the parent the routes answer with. */
  part: Resource;
  parent: Resource;
  tag: string;
  /** The parent's item path and its parameter (`/intake/applications/{applicationId}`, `applicationId`). */
  parentPath: string;
  parentParam: string;
};

/** A body field naming a record, passed to the graph as an ID: a number is taken as written, anything else that is not text is named as sent (and named nothing). */
const namedId = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);

/**
 * One route per action at the parent's path, each translated into `perform<Parent><Part>Action` with
 * the part named by the body's `partField` (or none), answering the parent. Which part is acted on,
 * and the refusals when none can be told, are the domain's (`choosePart`).
 */
export function partActionRoutes(spec: PartActionRoutes): RestRoute[] {
  const { machine, part, parent, tag, parentPath, parentParam, partField } = spec;
  const field = performPartActionField(parent.name, part.name);
  const document = `mutation ($parentId: ID!, $action: ${part.name}Action!, $partId: ID, $body: JSONObject) {
    result: ${field}(${parentParam}: $parentId, action: $action, ${partField}: $partId, body: $body) { ${parent.selection} } }`;
  const naming = z.uuid().describe(`The ${machine.resource} to act on, one of this ${parent.name.toLowerCase()}'s; ${unnamedPartNote(spec, machine.resource)}.`);
  return (spec.actions ?? Object.keys(machine.actions)).map((action): RestRoute => {
    const definition = machine.actions[action]!;
    const shape = (definition.body as z.ZodObject | undefined)?.shape ?? {};
    const body = z.strictObject({ [partField]: spec.whenUnnamed === "refuse" ? naming : naming.optional(), ...shape });
    return {
      method: "POST",
      path: `${parentPath}/${action}`,
      operationId: `${actionMutationName(action, parent.name)}${part.name}`,
      summary: `${definition.description} The ${machine.resource} is named by \`${partField}\` in the body; answers its ${parent.name.toLowerCase()}.`,
      tag,
      document,
      variables: (request) => {
        const { [partField]: named, ...rest } = actionBody(request);
        const partId = namedId(named);
        return { parentId: request.params[parentParam] ?? "", action: actionEnumValue(action), ...(partId !== undefined && { partId }), body: rest };
      },
      respond: (result, request) => {
        if (!result) throw notFound(parent.name, request.params[parentParam] ?? "");
        return { status: 200, body: parent.toRest ? parent.toRest(result as Record<string, unknown>) : result };
      },
      docs: { body, bodyOptional: body.safeParse({}).success, response: parent.response, successStatus: 200, errorStatuses: [400, 403, 404, 409, 422, 500] },
    };
  });
}
