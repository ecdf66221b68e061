import { z } from "zod";
import { roleWithInherited, type Role } from "../auth/roles";
import { ApiError, conflict, validationFailed } from "@pap/core";
import { detailsFromZod } from "../validation/body";
import type { AnyAction, AnyMachine, Emission, MachineCaller, MachineDefinition } from "./machine";

/** What an action does to one record, worked out before anything is written. */
export type Transition<Record, State extends string> = {
  action: string;
  from: State;
  to: State;
  /** Every field the action changes, `status` included when it moves. */
  changes: Partial<Record>;
  /** The record as it will be. */
  after: Record;
  emissions: Emission[];
};

// biome-ignore lint/suspicious/noExplicitAny: matches a machine of any types; only the inferred part is read
type RecordOf<M> = M extends MachineDefinition<infer R, any, any, any, any, any> ? R : never;
// biome-ignore lint/suspicious/noExplicitAny: matches a machine of any types; only the inferred part is read
type StateOf<M> = M extends MachineDefinition<any, infer S, any, any, any, any> ? S : never;
// biome-ignore lint/suspicious/noExplicitAny: matches a machine of any types; only the inferred part is read
type EnvOf<M> = M extends MachineDefinition<any, any, any, any, infer E, any> ? E : never;

/**
 * A machine's record as it is stored, its status any text: the engine checks the status against the
 * action's `from` states before anything reads the record, so a row whose column is wider than the
 * machine's states (a plain text status) is taken as it comes.
 */
export type StoredRecordOf<M> = Omit<RecordOf<M>, "status"> & { status: string };

const heldRoles = (caller: MachineCaller): Set<Role> => new Set(caller.roles.flatMap(roleWithInherited));

const listed = (values: readonly string[]) =>
  values.length <= 1 ? values.join("") : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

const noBody = z.strictObject({});

/** The clauses the caller's roles qualify for. */
function clausesFor(action: AnyAction<unknown, string, string, unknown>, caller: MachineCaller) {
  const roles = heldRoles(caller);
  return action.who.filter((clause) => clause.actors.some((actor) => roles.has(actor)));
}

const guardOf = (machine: AnyMachine, name: string) => machine.guards[name]!;

function guardsHold(machine: AnyMachine, guards: readonly string[] | undefined, record: unknown, caller: MachineCaller): boolean {
  return (guards ?? []).every((name) => guardOf(machine, name).test(record, caller));
}

function actionOf(machine: AnyMachine, name: string): AnyAction<unknown, string, string, unknown> {
  const action = Object.hasOwn(machine.actions, name) ? machine.actions[name] : undefined;
  if (!action) throw conflict(`Cannot ${name}: a ${machine.resource} has no such action.`);
  return action;
}

function forbiddenActor(machine: AnyMachine, actionName: string, action: AnyAction<unknown, string, string, unknown>): ApiError {
  const actors = [...new Set(action.who.flatMap((clause) => clause.actors))];
  return new ApiError(403, "FORBIDDEN", `Only a ${listed(actors)} may ${actionName} a ${machine.resource}.`);
}

/**
 * The 403 for a caller whose roles no clause of the action names, whatever the record (undefined when
 * some clause names one of them): for a check that must come before the record is even chosen.
 */
export function actorRefusal(machine: AnyMachine, actionName: string, caller: MachineCaller): ApiError | undefined {
  const action = actionOf(machine, actionName);
  return clausesFor(action, caller).length === 0 ? forbiddenActor(machine, actionName, action) : undefined;
}

/**
 * Checks an action against a record in the order the platform's contracts give, then works out its
 * effect: the record exists (the caller has looked it up: 404 before this) → the action is allowed
 * from the record's state (409) → the caller holds a role one of its clauses names (403) → one such
 * clause's guards all hold (409) → the body is valid (422) → effects and events. Nothing is written:
 * the caller applies the transition in the transaction that holds the record's row lock.
 */
export async function planTransition<M extends AnyMachine>(
  machine: M,
  actionName: string,
  record: StoredRecordOf<M>,
  caller: MachineCaller,
  body: unknown,
  env: EnvOf<M>,
  now: Date,
): Promise<Transition<RecordOf<M>, StateOf<M>>> {
  const action = actionOf(machine, actionName);
  const from = record.status as StateOf<M>;
  if (!action.from.includes(from)) {
    throw new ApiError(409, "CONFLICT", `Cannot ${actionName}: the ${machine.resource} is ${from}.`, [
      { field: "status", message: `${actionName} is allowed only when the ${machine.resource} is ${listed(action.from)}` },
    ]);
  }
  const qualifying = clausesFor(action, caller);
  if (qualifying.length === 0) throw forbiddenActor(machine, actionName, action);
  if (!qualifying.some((clause) => guardsHold(machine, clause.guards, record, caller))) {
    const failed = [
      ...new Set(qualifying.flatMap((clause) => (clause.guards ?? []).filter((name) => !guardOf(machine, name).test(record, caller)))),
    ];
    throw conflict(`Cannot ${actionName}: ${failed.map((name) => guardOf(machine, name).refusal).join("; ")}.`);
  }
  const parsed = (action.body ?? noBody).safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(detailsFromZod(parsed.error));

  const input = { body: parsed.data, caller, now, env };
  const to = (action.to ?? from) as StateOf<M>;
  const effects = (await action.effects?.(record, input)) ?? {};
  const changes = { ...effects, ...(to !== from && { status: to }) } as Partial<RecordOf<M>>;
  const after = { ...record, ...changes } as RecordOf<M>;
  const emitted = action.emits(after, input);
  return { action: actionName, from, to, changes, after, emissions: Array.isArray(emitted) ? [...emitted] : [emitted as Emission] };
}

/** The actions this caller could take on the record now (its state, their roles and the guards; the body aside). */
export function availableActions<M extends AnyMachine>(machine: M, record: RecordOf<M>, caller: MachineCaller): string[] {
  return Object.entries<AnyAction<unknown, string, string, unknown>>(machine.actions)
    .filter(
      ([, action]) =>
        action.from.includes(record.status) &&
        clausesFor(action, caller).some((clause) => guardsHold(machine, clause.guards, record, caller)),
    )
    .map(([name]) => name);
}

/** Whether the action is possible from the record's state at all (whoever asks). */
export function isAllowedFrom(machine: AnyMachine, actionName: string, state: string): boolean {
  return Object.hasOwn(machine.actions, actionName) && machine.actions[actionName]!.from.includes(state);
}
