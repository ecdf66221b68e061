export { buildServer, type ServerOptions } from "./http/server";
export { serviceTypes, isServiceType, type ServiceType } from "./service-types";
export { outcomeOf, ssnDigits, type AgencyResult, type Outcome } from "./outcome";
export { serviceResultFor, type AnswerFacts, type ServiceResult } from "./answers";
export {
  ControlSwitch,
  applyControl,
  controlFromEnv,
  controlUpdate,
  defaultControl,
  type ControlState,
  type ControlUpdate,
} from "./control";
export { CallLog, type AgencyAnswer, type CallCount } from "./calls";
export { agencyRequest, type AgencyRequest, type Subject, type Income } from "./request";
