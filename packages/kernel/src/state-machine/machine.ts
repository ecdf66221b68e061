import type { z } from "zod";
import type { Role } from "../auth/roles";

/**
 * State machines as data. A domain declares its resource's lifecycle once, as a typed table (states,
 * actions with their from/to states, who may call them, the body they take, their effects and the
 * events they emit), and the engine in `engine.ts` interprets it: the REST action paths, the GraphQL
 * mutations, the reactions to events and the README's diagram all read the same table.
 */

/** Who is acting, as the machine sees them: an id (matched by guards such as "is the assigned worker") and roles. */
export type MachineCaller = { id?: string; roles: readonly Role[] };

/** A named condition on the record and the caller; `refusal` says, for the 409, what did not hold. */
export type Guard<Record> = {
  test(record: Record, caller: MachineCaller): boolean;
  /** Completes "Cannot <action>: …" when this guard is why no clause passed. */
  refusal: string;
};

/**
 * One way to be allowed an action: hold one of `actors` (directly or through the role hierarchy) and
 * meet every named guard. An action's clauses are alternatives: any one of them suffices.
 */
export type Clause<GuardName extends string> = { actors: readonly Role[]; guards?: readonly GuardName[] };

/** An event an action emits, by its name within the domain (`task.claimed`). */
export type Emission = {
  name: string;
  data?: unknown;
  /** Defaults to the record's id. */
  subject?: string;
  /** Overrides the envelope's causationid (an action run on behalf of a timer names the timer's event). */
  causationid?: string;
};

/** What effects and emissions are computed from. */
export type ActionInput<Body, Env> = {
  body: Body;
  caller: MachineCaller;
  now: Date;
  /** What the domain lends its effects: lookups such as "the queue named snap-intake". */
  env: Env;
};

export type ActionDefinition<Record, State extends string, GuardName extends string, Env, Body = { [field: string]: never }> = {
  description: string;
  from: readonly State[];
  /** The state after the action; absent for an in-place action (it keeps the state but still runs and emits). */
  to?: State;
  who: readonly Clause<GuardName>[];
  /** The request body; absent when the action takes none (then any field sent is refused). */
  body?: z.ZodType<Body>;
  /** The fields the action changes besides `status`. */
  effects?(record: Record, input: ActionInput<Body, Env>): Partial<Record> | Promise<Partial<Record>>;
  /** The events it emits, computed from the record as it is after the action. */
  emits(after: Record, input: ActionInput<Body, Env>): Emission | readonly Emission[];
};

/** Any action of a machine, whatever its body. */
// `any`: the body type of each action is its own; the machine holds them side by side.
// biome-ignore lint/suspicious/noExplicitAny: an action of any body type, as tables of actions hold them
export type AnyAction<Record, State extends string, GuardName extends string, Env> = ActionDefinition<Record, State, GuardName, Env, any>;

export type MachineDefinition<
  Record extends { id: string; status: State },
  State extends string,
  Action extends string,
  GuardName extends string,
  Env,
  StateInfo = object,
> = {
  /** The resource's name in messages ("task"). */
  resource: string;
  initial: State;
  /** Every state, with what the domain keeps about it (a task state's SLA clock). */
  states: { readonly [S in State]: StateInfo & { description: string } };
  guards: { readonly [G in GuardName]: Guard<Record> };
  actions: { readonly [A in Action]: AnyAction<Record, State, GuardName, Env> };
};

/** A machine of any record, state and action types. */
// `any`: what code that reads any machine (the engine, its descriptions, its routes) takes.
// biome-ignore lint/suspicious/noExplicitAny: a machine of any types, as registries and the graph layer hold them
export type AnyMachine = MachineDefinition<any, any, any, any, any, any>;

/** Declares a machine; the identity function that gives the table its inferred types. */
export function defineMachine<
  Record extends { id: string; status: State },
  State extends string,
  Action extends string,
  GuardName extends string,
  Env,
  StateInfo = object,
>(
  machine: MachineDefinition<Record, State, Action, GuardName, Env, StateInfo>,
): MachineDefinition<Record, State, Action, GuardName, Env, StateInfo> {
  for (const [name, action] of Object.entries<AnyAction<Record, State, GuardName, Env>>(machine.actions)) {
    for (const state of [...action.from, ...(action.to ? [action.to] : [])]) {
      if (!(state in machine.states)) throw new Error(`${machine.resource} action '${name}' names an unknown state '${state}'`);
    }
    for (const clause of action.who) {
      for (const guard of clause.guards ?? [])
        if (!(guard in machine.guards)) throw new Error(`${machine.resource} action '${name}' names an unknown guard '${guard}'`);
    }
  }
  return machine;
}
