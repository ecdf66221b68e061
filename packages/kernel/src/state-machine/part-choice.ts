import { validationFailed, isUuid } from "@pap/core";
import { actorRefusal } from "./engine";
import type { AnyMachine, MachineCaller } from "./machine";

/**
 * What to do when an action at the parent's path names none of its parts: refuse (a verification
 * must be named: an application has many and acting on one by default would be a guess), or act on
 * the only part the action applies to when there is exactly one (a determination's one pending decision).
 */
export type WhenUnnamed = "refuse" | "only-open-part";

/**
 * How a domain offers its parts' actions at the parent's path, declared once beside the parts'
 * machine and read by the REST routes, the graph mutation and the choice itself.
 */
export type PartsAtParent = {
  /** The body field (and graph argument) naming the part (`verificationId`). */
  partField: string;
  whenUnnamed: WhenUnnamed;
  /** The actions offered this way (default: all of the machine's). */
  actions?: readonly string[];
};

/** What a refusal says a client may do without naming a part, for documents describing the field. */
export function unnamedPartNote(at: PartsAtParent, resource: string): string {
  return at.whenUnnamed === "refuse"
    ? `required: none is chosen for the caller (422 listing the ${resource}s the action applies to when it is missing or names none of them)`
    : `may be left out when exactly one ${resource} is in a state the action applies to, which is then acted on (422 listing them otherwise)`;
}

export type PartChoice<Part extends { id: string; status: string }> = PartsAtParent & {
  /** The parts' machine and the action asked for. */
  machine: AnyMachine;
  action: string;
  caller: MachineCaller;
  /** What the body's `partField` names, if anything. */
  named: string | undefined;
  /** Every part of the parent, whatever its state, in the order a list of them should show. */
  parts: readonly Part[];
  /** What the parent is called in messages ("application"). */
  parent: string;
  /** How the refusal lists a part a client could name: what it is and its state. */
  describe(part: Part): string;
};

/**
 * Which part of a parent an action written at the parent's path acts on (the specification's table
 * writes a verification's actions at its application's path, a decision's at its determination's).
 * A part the body names is taken as it is: its own state and the caller's role are then checked by the
 * machine, in the platform's order. Otherwise, once the caller is known to be one the action admits
 * at all (403 first, so a refused caller learns nothing of the parent's parts), the rule `whenUnnamed`
 * decides; failing that, 422 naming the field, with one detail per part the action applies to now.
 */
export function choosePart<Part extends { id: string; status: string }>(choice: PartChoice<Part>): Part {
  const { machine, action, caller, partField: field, named, parts, parent } = choice;
  const asked = named !== undefined && isUuid(named) ? parts.find((part) => part.id === named.toLowerCase()) : undefined;
  if (asked) return asked;
  const refused = actorRefusal(machine, action, caller);
  if (refused) throw refused;
  const from: readonly string[] = machine.actions[action]!.from;
  const open = parts.filter((part) => from.includes(part.status));
  if (named === undefined && choice.whenUnnamed === "only-open-part" && open.length === 1) return open[0]!;
  const resource = machine.resource;
  const problem = named === undefined ? "is required" : `names no ${resource} of this ${parent}`;
  const message =
    open.length === 0
      ? `No ${resource} of the ${parent} can be acted on by ${action}: none is ${from.join(" or ")}.`
      : `Name the ${resource} to ${action} in '${field}': ${open.length === 1 ? `one ${resource}` : `${open.length} ${resource}s`} of the ${parent} ${open.length === 1 ? "is" : "are"} ${from.join(" or ")}.`;
  throw validationFailed(
    [{ field, message: problem }, ...open.map((part) => ({ field, message: `may be ${choice.describe(part)}` }))],
    message,
  );
}
