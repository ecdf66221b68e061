import type { z } from "zod";
import type { FieldDef } from "../list/spec";

/**
 * What a field holds. `uuid` and `identifier` are GraphQL IDs (a uuid, or any other key such as a
 * policy's slug); `url` is a string holding an absolute URL; `json` a JSON object, `jsonValue` any
 * JSON; `object` a nested record with fields of its own; `reference` another entity, reached only
 * through the graph (its id is a field of its own), and so left out of REST representations and
 * event snapshots. What each kind is in every form is in `kinds.ts`.
 */
export type ValueKind =
  | "uuid"
  | "identifier"
  | "string"
  | "url"
  | "integer"
  | "number"
  | "boolean"
  | "datetime"
  | "date"
  | "enum"
  | "json"
  | "jsonValue"
  | "object"
  | "reference";

/** Which bodies may write a field; a field with none is server-set (shown, and ignored when sent). */
export type WriteAccess = "create" | "update" | "always";

/**
 * Where a field appears: `everywhere` (the default: graph, REST representation, event snapshot),
 * `graph` (the graph only: links and per-caller views), `input` (only written, never shown).
 */
export type Visibility = "everywhere" | "graph" | "input";

export type FieldDeclaration = {
  kind: ValueKind;
  /** kind enum: the values, and the GraphQL enum type that names them. */
  values?: readonly string[];
  enumName?: string;
  enumDescription?: string;
  /** kind object: the nested record's fields, and the GraphQL types (output and input) that hold it. */
  fields?: Fields;
  objectName?: string;
  objectDescription?: string;
  inputName?: string;
  /** kind reference: the GraphQL type reached (its schema file resolves it). */
  target?: string;
  /** An array of the kind, of at most `maxItems` when written. */
  list?: boolean;
  maxItems?: number;
  nullable?: boolean;
  description?: string;
  /** Said of the field in input types, when it differs from what the representation says. */
  inputDescription?: string | { create?: string; update?: string };
  write?: WriteAccess;
  /** Older names a body may still use for the field (a previous contract version's); read as the field. */
  aliases?: readonly string[];
  /** Must be given on create. */
  required?: boolean;
  /**
   * How a written value is checked, before nullability and optionality are added. Defaults to the
   * kind's own check (a uuid, an enum's values, an ISO date …); `{ create, update }` when they differ.
   */
  input?: z.ZodType | { create?: z.ZodType; update?: z.ZodType };
  /** What inputs take when it is not what the representation shows (roles: names in, objects out). */
  inputAs?: FieldDeclaration;
  visibility?: Visibility;
  /** The storage column when it differs from the public name. */
  column?: string;
  /** The representation's schema of one value where the kind says too little (a JSON object of numbers); nullability and lists are added. */
  shape?: z.ZodType;
  /** The graph field is written by the schema file (it needs loaders, the caller or the catalog). */
  resolvedBy?: "schema";
  /** In `q`: by default every scalar and enum field filters; `false` leaves it out; an object tunes it (a relation, a column). */
  filter?: boolean | Partial<FieldDef>;
  sort?: boolean;
  /** A bare term in `q` searches this field. */
  search?: boolean;
  /**
   * `true`: reading it is recorded in the audit trail of sensitive reads (an income amount). Fields
   * named as sensitive (SSNs, dates of birth, the deployment's additions) are recorded wherever they
   * are, unmarked; `false` says a field never holds their values (the event log's data, redacted).
   */
  audited?: boolean;
  /** Left out of the event snapshot (UI state that says nothing about the record). */
  inEvents?: boolean;
  /**
   * A free-form record (kind json): its keys are the resource's own in REST and in events, beside the
   * server-set fields; bodies are such records, and list names not declared are paths into it.
   */
  spread?: boolean;
};

export type Fields = Record<string, FieldDeclaration>;

/** A resource: one declaration from which its bodies, graph types, list rules, REST routes, OpenAPI and events are derived. */
export type ResourceDeclaration = {
  /** Singular type name: the GraphQL type and the REST messages ("Task"). */
  name: string;
  /** The list's name (`tasks`): the GraphQL list field, REST operation ids and messages. */
  plural: string;
  /** The Prisma model that stores it, checked against the declaration by a test. */
  model?: string;
  description?: string;
  fields: Fields;
  /** Columns of the model the API never shows (bookkeeping such as a list position). */
  storedOnly?: readonly string[];
  /** A rule across fields of the create body (a user needs `role` or `roles`). */
  refineCreate?: (body: z.ZodObject) => z.ZodObject;
  list: {
    defaultSort: string;
    /** List-only names that are not fields (an alias such as `county` for `counties`, a derived column). */
    extra?: Record<string, FieldDef & { sort?: boolean; search?: boolean }>;
    anyNull?: unknown;
    tieBreaker?: string;
  };
};

const shown = (field: FieldDeclaration) => (field.visibility ?? "everywhere") === "everywhere" && field.kind !== "reference";

/** The fields a REST representation and an event snapshot carry. */
export const representedFields = (fields: Fields): [string, FieldDeclaration][] =>
  Object.entries(fields).filter(([, field]) => shown(field));

/** The free-form record of a resource whose body is one (a person), if it has one. */
export const spreadFieldOf = (fields: Fields): [string, FieldDeclaration] | undefined =>
  Object.entries(fields).find(([, field]) => field.spread === true);

/** The fields a body may write on create or on update. */
export const writableFields = (fields: Fields, on: "create" | "update"): [string, FieldDeclaration][] =>
  Object.entries(fields).filter(([, field]) => field.write === "always" || field.write === on);

/** The fields the graph shows. */
export const graphFields = (fields: Fields): [string, FieldDeclaration][] =>
  Object.entries(fields).filter(([, field]) => (field.visibility ?? "everywhere") !== "input");

export const columnOf = (name: string, field: FieldDeclaration) => field.column ?? name;

/** What input types say of the field, on create or on update. */
export const inputDescriptionOf = (field: FieldDeclaration, on: "create" | "update") =>
  typeof field.inputDescription === "object" ? field.inputDescription[on] : field.inputDescription;

/** The validator a write of the field uses, on create or on update. */
export function declaredInput(field: FieldDeclaration, on: "create" | "update"): z.ZodType | undefined {
  const input = field.input;
  if (!input) return undefined;
  if ("safeParse" in input) return input as z.ZodType;
  return (input as { create?: z.ZodType; update?: z.ZodType })[on];
}
