import { notFound } from "@pap/core";
import { listParamsFromQuery, type ListSpec } from "../list";
import { z } from "zod";
import type { Resource } from "../resource";
import { bodyReader } from "./body";
import type { RestRequest, RestRoute } from "../domain/rest-route";

type MutationSpec = { field: string; inputType: string; inputArg: string };

/** A resource with the spec's CRUD shape: list, create, get, partial update, delete (§4.5). */
export type CrudResource = DeclaredCrud | RestatedCrud;

/** Where a declared resource sits in the REST surface; everything else comes from its declaration. */
export type DeclaredCrud = {
  resource: Resource;
  tag: string;
  collectionPath: string;
  idParam: string;
  queries?: RestatedCrud["queries"];
  mutations?: RestatedCrud["mutations"];
  toRest?: RestatedCrud["toRest"];
  /** The representation's schema, when it is not the declaration's (an event is shown as it was published). */
  response?: z.ZodType;
  /**
   * The path parameter naming the record this one belongs to (`applicationId` for an application's
   * members): every operation passes it to the graph under the same name, which answers 404 for a
   * record of another parent.
   */
  parentParam?: string;
  /** The operations the resource offers, when not all five (a read-only registry lists and gets). */
  only?: readonly CrudOperation[];
  /** What the OpenAPI document says an operation does, where the generic wording says too little. */
  summaries?: Partial<Record<CrudOperation, string>>;
};

export type CrudOperation = "list" | "create" | "get" | "update" | "delete";

type RestatedCrud = {
  /** Singular name for messages and docs ("Case"). */
  name: string;
  tag: string;
  collectionPath: string;
  idParam: string;
  /** GraphQL selection of one record in its REST shape (before `toRest`). */
  selection: string;
  /** The graph's fields, by the platform's naming unless given: `case`, `cases` (the list spec's resource). */
  queries?: { get: string; list: string };
  /** By the platform's naming unless given: `createCase(input: CaseCreateInput!)`, `updateCase(id, input: CaseUpdateInput!)`, `deleteCase(id)`. */
  mutations?: { create?: MutationSpec; update?: MutationSpec; delete?: string };
  listSpec: ListSpec;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  response: z.ZodType;
  /** Reshapes a graph record into the REST representation (default: unchanged). */
  toRest?: (record: Record<string, unknown>) => unknown;
};

const listArgs = "$q: String, $sort: String, $limit: Int, $offset: Int";
const listCall = "q: $q, sort: $sort, limit: $limit, offset: $offset";

const writeBy = (verb: "create" | "update", name: string): MutationSpec => ({ field: `${verb}${name}`, inputType: `${name}${capitalize(verb)}Input!`, inputArg: "input" });

/** The CRUD shape of a declared resource, everything read from its declaration. */
const fromDeclaration = (crud: DeclaredCrud): RestatedCrud => ({
  ...crud,
  name: crud.resource.name,
  selection: crud.resource.selection,
  listSpec: crud.resource.listSpec,
  createBody: crud.resource.createBody,
  updateBody: crud.resource.updateBody,
  response: crud.response ?? crud.resource.response,
  toRest: crud.toRest ?? crud.resource.toRest,
});

export function crudRoutes(crud: CrudResource): RestRoute[] {
  const resource = "resource" in crud ? fromDeclaration(crud) : crud;
  const { collectionPath, idParam, selection, name, tag } = resource;
  const queries = resource.queries ?? { get: name.charAt(0).toLowerCase() + name.slice(1), list: listSpecName(resource.listSpec) };
  const mutations = {
    create: resource.mutations?.create ?? writeBy("create", name),
    update: resource.mutations?.update ?? writeBy("update", name),
    delete: resource.mutations?.delete ?? `delete${name}`,
  };
  const itemPath = `${collectionPath}/{${idParam}}`;
  const toRest = (record: unknown) => (resource.toRest ? resource.toRest(record as Record<string, unknown>) : record);
  const idOf = (request: RestRequest) => request.params[idParam] ?? "";
  const createBody = bodyReader(resource.response, resource.createBody, { nonEmpty: false });
  const updateBody = bodyReader(resource.response, resource.updateBody, { nonEmpty: true });
  const found = (record: unknown, request: RestRequest) => {
    if (record === null || record === undefined) throw notFound(name, idOf(request));
    return toRest(record);
  };
  const plural = listSpecName(resource.listSpec);
  // A record that belongs to another (a member of an application) is reached through its parent's id.
  const parentParam = "resource" in crud ? crud.parentParam : undefined;
  const parentDecl = parentParam ? `$${parentParam}: ID!, ` : "";
  const parentArg = parentParam ? `${parentParam}: $${parentParam}, ` : "";
  const withParent = (variables: Record<string, unknown>, request: RestRequest) => (parentParam ? { [parentParam]: request.params[parentParam] ?? "", ...variables } : variables);

  const routes: RestRoute[] = [
    {
      method: "GET",
      path: collectionPath,
      operationId: `list${capitalize(plural)}`,
      summary: `List ${plural}`,
      tag,
      document: `query (${parentDecl}${listArgs}) { result: ${queries.list}(${parentArg}${listCall}) { items { ${selection} } total limit offset hasNext } }`,
      variables: (request) => withParent(listParamsFromQuery(request.query), request),
      respond: (result) => {
        const list = result as { items: unknown[] };
        return { status: 200, body: Object.assign({}, list, { items: list.items.map(toRest) }) };
      },
      docs: { list: resource.listSpec, response: resource.response, successStatus: 200, errorStatuses: [400, 500] },
    },
    {
      method: "POST",
      path: collectionPath,
      operationId: `create${name}`,
      summary: `Create a ${name.toLowerCase()}`,
      tag,
      document: `mutation (${parentDecl}$input: ${mutations.create.inputType}) { result: ${mutations.create.field}(${parentArg}${mutations.create.inputArg}: $input) { ${selection} } }`,
      variables: (request) => withParent({ input: createBody(request) }, request),
      respond: (result, request) => {
        const created = toRest(result) as { id: string };
        return { status: 201, body: created, headers: { location: `${request.url.split("?")[0]}/${created.id}` } };
      },
      docs: { body: resource.createBody, response: resource.response, successStatus: 201, errorStatuses: [400, 422, 500] },
    },
    {
      method: "GET",
      path: itemPath,
      operationId: `get${name}`,
      summary: `Get a ${name.toLowerCase()}`,
      tag,
      document: `query (${parentDecl}$id: ID!) { result: ${queries.get}(${parentArg}id: $id) { ${selection} } }`,
      variables: (request) => withParent({ id: idOf(request) }, request),
      respond: (result, request) => ({ status: 200, body: found(result, request) }),
      docs: { response: resource.response, successStatus: 200, errorStatuses: [404, 500] },
    },
    {
      method: "PATCH",
      path: itemPath,
      operationId: `update${name}`,
      summary: `Update a ${name.toLowerCase()}`,
      tag,
      document: `mutation (${parentDecl}$id: ID!, $input: ${mutations.update.inputType}) { result: ${mutations.update.field}(${parentArg}id: $id, ${mutations.update.inputArg}: $input) { ${selection} } }`,
      variables: (request) => withParent({ id: idOf(request), input: updateBody(request) }, request),
      respond: (result, request) => ({ status: 200, body: found(result, request) }),
      docs: { body: resource.updateBody, response: resource.response, successStatus: 200, errorStatuses: [400, 404, 422, 500] },
    },
    {
      method: "DELETE",
      path: itemPath,
      operationId: `delete${name}`,
      summary: `Delete a ${name.toLowerCase()} permanently`,
      tag,
      document: `mutation (${parentDecl}$id: ID!) { result: ${mutations.delete}(${parentArg}id: $id) }`,
      variables: (request) => withParent({ id: idOf(request) }, request),
      respond: () => ({ status: 204 }),
      docs: { successStatus: 204, errorStatuses: [404, 500] },
    },
  ];
  const { only, summaries } = "resource" in crud ? crud : { only: undefined, summaries: undefined };
  return routes
    .map((route, index) => ({ route, operation: crudOperations[index]! }))
    .filter(({ operation }) => !only || only.includes(operation))
    .map(({ route, operation }) => (summaries?.[operation] ? { ...route, summary: summaries[operation] } : route));
}

/** The five operations, in the order `crudRoutes` lists them. */
const crudOperations: readonly CrudOperation[] = ["list", "create", "get", "update", "delete"];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const listSpecName = (spec: ListSpec) => spec.resource.replace(/[^a-zA-Z]+(.)/g, (_match, next: string) => next.toUpperCase());
