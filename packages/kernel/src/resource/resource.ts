import type { z } from "zod";
import { defineListSpec } from "../list/list-query";
import type { ListSpec } from "../list/spec";
import { bodyFromInput, createBodyOf, updateBodyOf } from "./bodies";
import { columnsOf } from "./columns";
import type { ResourceDeclaration } from "./declaration";
import type { BodyOf } from "./types";
import { listRulesOf } from "./list-rules";
import { responseOf, restShapeOf, selectionOf, snapshotOf } from "./representation";

/** A declared resource with everything derived from its declaration. */
export type Resource<D extends ResourceDeclaration = ResourceDeclaration> = {
  declaration: D;
  name: string;
  plural: string;
  /** Its root field for one record, and its events' and messages' word for it: the name with a lower-case first letter (`applicationMember`). */
  single: string;
  /** POST body and PATCH body (zod); GraphQL inputs are checked by the same ones. */
  createBody: z.ZodType<BodyOf<D["fields"], "create">>;
  updateBody: z.ZodType<BodyOf<D["fields"], "update">>;
  listSpec: ListSpec;
  /** The GraphQL selection of the REST representation. */
  selection: string;
  /** The REST representation's schema (OpenAPI). */
  response: z.ZodObject;
  /** The stored record in its API shape, as `…created` events carry it and `…updated` events compare it. */
  snapshot(record: object): Record<string, unknown>;
  /** The graph record as REST shows it, when that is not as it is (a free-form record spread out). */
  toRest?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** A validated body's plainly stored fields as Prisma data (see `columnsOf`). */
  columnsOf(body: object): Record<string, unknown>;
  /** A GraphQL input as a body: absent fields dropped, Date scalars written back as ISO strings. */
  bodyFromInput(input: object): Record<string, unknown>;
};

/**
 * Declares a resource once. The declaration is checked and everything else is derived here, so the
 * REST surface, the graph and the events cannot drift apart field by field.
 */
export function defineResource<const D extends ResourceDeclaration>(declaration: D): Resource<D> {
  const { fields } = declaration;
  const createBody = createBodyOf(fields);
  return {
    declaration,
    name: declaration.name,
    plural: declaration.plural,
    single: declaration.name.charAt(0).toLowerCase() + declaration.name.slice(1),
    // The derived schemas check exactly what BodyOf describes; TypeScript cannot follow the mapping itself.
    createBody: (declaration.refineCreate ? declaration.refineCreate(createBody as z.ZodObject) : createBody) as z.ZodType<
      BodyOf<D["fields"], "create">
    >,
    updateBody: updateBodyOf(fields) as z.ZodType<BodyOf<D["fields"], "update">>,
    listSpec: defineListSpec(listRulesOf(declaration)),
    selection: selectionOf(fields),
    response: responseOf(fields),
    ...(restShapeOf(fields) && { toRest: restShapeOf(fields) }),
    snapshot: (record) => snapshotOf(fields, record as Record<string, unknown>),
    columnsOf: (body) => columnsOf(fields, body as Record<string, unknown>),
    bodyFromInput: (input) => bodyFromInput(fields, input as Record<string, unknown>),
  };
}

/** The body types of a declared resource: `CreateBody<typeof task>`, `UpdateBody<typeof task>`. */
export type CreateBody<R> = R extends Resource<infer D> ? BodyOf<D["fields"], "create"> : never;
export type UpdateBody<R> = R extends Resource<infer D> ? BodyOf<D["fields"], "update"> : never;
