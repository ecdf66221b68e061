export { defineMachine } from "./machine";
export type {
  ActionDefinition,
  ActionInput,
  AnyAction,
  AnyMachine,
  Clause,
  Emission,
  Guard,
  MachineCaller,
  MachineDefinition,
} from "./machine";
export { actorRefusal, availableActions, isAllowedFrom, planTransition } from "./engine";
export type { StoredRecordOf, Transition } from "./engine";
export { actionTable, mermaidDiagram } from "./describe";
export {
  actionEnumValue,
  actionFromEnumValue,
  actionMutationName,
  actionNamesOf,
  bodyFieldsOf,
  performActionField,
  performPartActionField,
} from "./actions";
export { choosePart, unnamedPartNote } from "./part-choice";
export type { PartChoice, PartsAtParent, WhenUnnamed } from "./part-choice";
