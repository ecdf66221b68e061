import { z } from "zod";
import type { Resource } from "../resource";
import {
  actionEnumValue,
  actionMutationName,
  performActionField,
  performPartActionField,
  unnamedPartNote,
  type AnyMachine,
  type PartsAtParent,
} from "../state-machine";
import { found } from "./answers";
import { objectBodyArgument, partBodyArguments, pathArgument, valueArgument } from "./arguments";
import { declareRoute } from "./declare";
import type { RestRoute } from "./route";

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

/**
 * One REST route per action and item path, each translated into the machine's `perform<Resource>Action`
 * mutation with the body as sent, so that the machine judges it in the contract's order (404 → 409 →
 * 403 → 409 → 422) rather than GraphQL's input coercion first.
 */
export function machineActionRoutes(spec: MachineActionRoutes): RestRoute[] {
  const { machine, resource, tag, idParam, parentParam } = spec;
  return spec.itemPaths.flatMap((itemPath, pathIndex) =>
    Object.entries(machine.actions).map(([action, definition]) =>
      declareRoute({
        method: "POST",
        path: `${itemPath}/${action}`,
        operationId: `${actionMutationName(action, resource.name)}${pathIndex ? `Via${pathIndex + 1}` : ""}`,
        summary: definition.description,
        tag,
        operation: "mutation",
        field: performActionField(resource.name),
        args: [
          pathArgument(idParam, { argument: "id" }),
          valueArgument("action", `${resource.name}Action!`, actionEnumValue(action)),
          objectBodyArgument("body", { optional: true }),
          // The record's parent, where the path names it: the graph answers 404 for a record of another.
          ...(parentParam ? [pathArgument(parentParam, { variable: "parentId", type: "ID", whenGiven: true })] : []),
        ],
        result: resource,
        answer: found(idParam),
        docs: {
          ...(definition.body && { body: definition.body, bodyOptional: definition.body.safeParse({}).success }),
          errorStatuses: [400, 403, 404, 409, 422, 500],
        },
      }),
    ),
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

/**
 * One route per action at the parent's path, each translated into `perform<Parent><Part>Action` with
 * the part named by the body's `partField` (or none), answering the parent. Which part is acted on,
 * and the refusals when none can be told, are the domain's (`choosePart`).
 */
export function partActionRoutes(spec: PartActionRoutes): RestRoute[] {
  const { machine, part, parent, tag, parentPath, parentParam, partField } = spec;
  const naming = z
    .uuid()
    .describe(`The ${machine.resource} to act on, one of this ${parent.name.toLowerCase()}'s; ${unnamedPartNote(spec, machine.resource)}.`);
  return (spec.actions ?? Object.keys(machine.actions)).map((action) => {
    const definition = machine.actions[action]!;
    const shape = (definition.body as z.ZodObject | undefined)?.shape ?? {};
    const body = z.strictObject({ [partField]: spec.whenUnnamed === "refuse" ? naming : naming.optional(), ...shape });
    return declareRoute({
      method: "POST",
      path: `${parentPath}/${action}`,
      operationId: `${actionMutationName(action, parent.name)}${part.name}`,
      summary: `${definition.description} The ${machine.resource} is named by \`${partField}\` in the body; answers its ${parent.name.toLowerCase()}.`,
      tag,
      operation: "mutation",
      field: performPartActionField(parent.name, part.name),
      args: [
        pathArgument(parentParam, { variable: "parentId" }),
        valueArgument("action", `${part.name}Action!`, actionEnumValue(action)),
        partBodyArguments(partField),
      ],
      result: parent,
      answer: found(parentParam),
      docs: { body, bodyOptional: body.safeParse({}).success, errorStatuses: [400, 403, 404, 409, 422, 500] },
    });
  });
}
