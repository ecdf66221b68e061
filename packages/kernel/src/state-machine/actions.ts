import type { z } from "zod";
import type { AnyAction, AnyMachine } from "./machine";

/** The machine's actions, by their REST names (`claim`, `await-client`). */
export const actionNamesOf = (machine: AnyMachine): string[] => Object.keys(machine.actions);

const definitionOf = (machine: AnyMachine, name: string): AnyAction<unknown, string, string, unknown> => machine.actions[name]!;

/** An action's GraphQL enum value: its REST name with '-' written '_' (`await_client`). */
export const actionEnumValue = (action: string) => action.replace(/-/g, "_");
export const actionFromEnumValue = (value: string) => value.replace(/_/g, "-");

/** An action's typed mutation: `claimTask`, `awaitClientTask`, `completeReviewApplication`. */
export const actionMutationName = (action: string, resource: string) =>
  `${action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase())}${resource}`;

/** The one mutation that runs any action with its body as JSON (what the REST action paths call). */
export const performActionField = (resource: string) => `perform${resource}Action`;

/** The mutation that runs a part's action at its parent's path, the part named or chosen (`performApplicationVerificationAction`). */
export const performPartActionField = (parent: string, part: string) => `perform${parent}${part}Action`;

/** The fields of an action's body, each with the GraphQL scalar its check reads as. */
export function bodyFieldsOf(
  machine: AnyMachine,
  action: string,
): { name: string; scalar: "ID" | "Int" | "Float" | "Boolean" | "String"; description?: string }[] {
  const shape = (definitionOf(machine, action).body as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    scalar: scalarOf(schema),
    ...(schema.description && { description: schema.description }),
  }));
}

/** What of a zod schema's definition tells its scalar; zod declares the wrapper's and the format's parts on each kind's own definition. */
type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  format?: string;
  checks?: readonly { _zod: { def: { check?: string; format?: string } } }[];
};
const defOf = (schema: { _zod: { def: ZodDef } }): ZodDef => schema._zod.def;

function scalarOf(schema: z.ZodType): "ID" | "Int" | "Float" | "Boolean" | "String" {
  let def = defOf(schema);
  while (def.innerType && (def.type === "optional" || def.type === "nullable" || def.type === "default")) def = defOf(def.innerType);
  if (def.type === "boolean") return "Boolean";
  if (def.type === "number")
    return def.format?.includes("int") || def.checks?.some((check) => check._zod.def.format?.includes("int")) ? "Int" : "Float";
  if (def.type === "string" && def.format === "uuid") return "ID";
  return "String";
}
