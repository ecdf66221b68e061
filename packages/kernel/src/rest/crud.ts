import type { Resource } from "../resource";
import { created, found, listed, noContent, type RestShape } from "./answers";
import { listQueryArguments, pathArgument, resourceBodyArgument, type ListFilter, type RouteArgument } from "./arguments";
import { declareRoute } from "./declare";
import { pageOf } from "./result";
import type { RestRoute } from "./route";

/** A write's root field and its body's argument, when not by the platform's naming (`attributes: JSONObject!`). */
type MutationSpec = { field: string; inputType: string; inputArg: string };

/** Where a declared resource sits in the REST surface, with the spec's CRUD shape: list, create, get, partial update, delete (§4.5). */
export type CrudResource = {
  resource: Resource;
  tag: string;
  collectionPath: string;
  idParam: string;
  /** The graph's fields, by the platform's naming unless given: `case`, `cases` (the list spec's resource). */
  queries?: { get: string; list: string };
  /** By the platform's naming unless given: `createCase(input: CaseCreateInput!)`, `updateCase(id, input: CaseUpdateInput!)`, `deleteCase(id)`. */
  mutations?: { create?: MutationSpec; update?: MutationSpec; delete?: string };
  /** Reshapes a graph record into the REST representation (default: the resource's own). */
  toRest?: RestShape;
  /**
   * The path parameter naming the record this one belongs to (`applicationId` for an application's
   * members): every operation passes it to the graph under the same name, which answers 404 for a
   * record of another parent.
   */
  parentParam?: string;
  /** Query parameters the list takes beside the list ones, each a condition added to `q`. */
  filters?: readonly ListFilter[];
  /** The operations the resource offers, when not all five (a read-only registry lists and gets). */
  only?: readonly CrudOperation[];
  /** What the OpenAPI document says an operation does, where the generic wording says too little. */
  summaries?: Partial<Record<CrudOperation, string>>;
};

export type CrudOperation = "list" | "create" | "get" | "update" | "delete";

/** The five operations, in the order `crudRoutes` lists them. */
const crudOperations: readonly CrudOperation[] = ["list", "create", "get", "update", "delete"];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The list's name as the graph's list field and operation ids spell it (`application-members` → `applicationMembers`). */
const listName = (resource: Resource) => resource.listSpec.resource.replace(/[^a-zA-Z]+(.)/g, (_match, next: string) => next.toUpperCase());

/** The routes of a declared resource's CRUD operations, everything read from its declaration. */
export function crudRoutes(crud: CrudResource): RestRoute[] {
  const declared = { list: listRoute, create: createRoute, get: getRoute, update: updateRoute, delete: deleteRoute };
  return crudOperations
    .filter((operation) => !crud.only || crud.only.includes(operation))
    .map((operation) => {
      const route = declared[operation](crud);
      return crud.summaries?.[operation] ? { ...route, summary: crud.summaries[operation] } : route;
    });
}

/** The parent's id, first of every operation's arguments when the record belongs to one. */
const parentArguments = (crud: CrudResource): RouteArgument[] => (crud.parentParam ? [pathArgument(crud.parentParam)] : []);

const itemPath = (crud: CrudResource) => `${crud.collectionPath}/{${crud.idParam}}`;

const idArgument = (crud: CrudResource) => pathArgument(crud.idParam, { argument: "id" });

function writeBody(crud: CrudResource, on: "create" | "update"): RouteArgument {
  const spec = crud.mutations?.[on];
  return resourceBodyArgument(crud.resource, on, spec ? { argument: spec.inputArg, type: spec.inputType } : {});
}

function listRoute(crud: CrudResource): RestRoute {
  const { resource } = crud;
  const plural = listName(resource);
  return declareRoute({
    method: "GET",
    path: crud.collectionPath,
    operationId: `list${capitalize(plural)}`,
    summary: `List ${plural}`,
    tag: crud.tag,
    operation: "query",
    field: crud.queries?.list ?? plural,
    args: [...parentArguments(crud), listQueryArguments(resource.listSpec, { filters: crud.filters ?? [] })],
    result: pageOf(resource),
    answer: listed({ toRest: crud.toRest }),
    docs: { errorStatuses: [400, 500] },
  });
}

function createRoute(crud: CrudResource): RestRoute {
  const { resource } = crud;
  return declareRoute({
    method: "POST",
    path: crud.collectionPath,
    operationId: `create${resource.name}`,
    summary: `Create a ${resource.name.toLowerCase()}`,
    tag: crud.tag,
    operation: "mutation",
    field: crud.mutations?.create?.field ?? `create${resource.name}`,
    args: [...parentArguments(crud), writeBody(crud, "create")],
    result: resource,
    answer: created({ toRest: crud.toRest }),
    docs: { errorStatuses: [400, 422, 500] },
  });
}

function getRoute(crud: CrudResource): RestRoute {
  const { resource } = crud;
  return declareRoute({
    method: "GET",
    path: itemPath(crud),
    operationId: `get${resource.name}`,
    summary: `Get a ${resource.name.toLowerCase()}`,
    tag: crud.tag,
    operation: "query",
    field: crud.queries?.get ?? resource.single,
    args: [...parentArguments(crud), idArgument(crud)],
    result: resource,
    answer: found(crud.idParam, { toRest: crud.toRest }),
    docs: { errorStatuses: [404, 500] },
  });
}

function updateRoute(crud: CrudResource): RestRoute {
  const { resource } = crud;
  return declareRoute({
    method: "PATCH",
    path: itemPath(crud),
    operationId: `update${resource.name}`,
    summary: `Update a ${resource.name.toLowerCase()}`,
    tag: crud.tag,
    operation: "mutation",
    field: crud.mutations?.update?.field ?? `update${resource.name}`,
    args: [...parentArguments(crud), idArgument(crud), writeBody(crud, "update")],
    result: resource,
    answer: found(crud.idParam, { toRest: crud.toRest }),
    docs: { errorStatuses: [400, 404, 422, 500] },
  });
}

function deleteRoute(crud: CrudResource): RestRoute {
  const { resource } = crud;
  return declareRoute({
    method: "DELETE",
    path: itemPath(crud),
    operationId: `delete${resource.name}`,
    summary: `Delete a ${resource.name.toLowerCase()} permanently`,
    tag: crud.tag,
    operation: "mutation",
    field: crud.mutations?.delete ?? `delete${resource.name}`,
    args: [...parentArguments(crud), idArgument(crud)],
    answer: noContent(),
    docs: { errorStatuses: [404, 500] },
  });
}
