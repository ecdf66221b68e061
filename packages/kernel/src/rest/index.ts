export type {
  ContentAnswer,
  HttpMethod,
  RestRequest,
  RestResponse,
  RestRoute,
  RestSurfaceOptions,
  RouteDeclaration,
  RouteDocs,
} from "./route";
export {
  contentArgument,
  listQueryArguments,
  objectBodyArgument,
  partBodyArguments,
  pathArgument,
  queryFieldArguments,
  queryTextArgument,
  readArgument,
  resourceBodyArgument,
  valueArgument,
} from "./arguments";
export type { ArgumentSource, ListFilter, QueryField, RouteArgument, RouteVariable } from "./arguments";
export { variablesOf } from "./variables";
export { answerOf, answeredBy, created, found, listed, noContent, shown } from "./answers";
export type { Missing, RestShape, RouteAnswer } from "./answers";
export { isResource, pageOf, pagedResource, selectionOfResult } from "./result";
export type { ResultType } from "./result";
export { declareRoute, graphDocument } from "./declare";
export { crudRoutes } from "./crud";
export type { CrudOperation, CrudResource } from "./crud";
export { machineActionRoutes, partActionRoutes } from "./actions";
export type { MachineActionRoutes, PartActionRoutes } from "./actions";
export { singletonRoutes } from "./singleton";
export type { SingletonRoutes } from "./singleton";
export { metadataNamespaceRoutes } from "./metadata-routes";
