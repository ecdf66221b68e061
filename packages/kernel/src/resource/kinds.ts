import { z } from "zod";
import type { FieldKind as ListKind } from "../list/spec";
import type { FieldDeclaration, ValueKind } from "./declaration";

/** The scalars a kind's values are in the graph (the shared ones beside GraphQL's own). */
export type GraphScalar = "ID" | "String" | "Int" | "Float" | "Boolean" | "DateTime" | "Date" | "JSON" | "JSONObject";

/**
 * What each kind of value is in every form the platform gives it: its GraphQL type, how lists filter
 * it, the Prisma types that may store it, the check a written value gets, the schema a shown value
 * has, and how a body's value becomes a column's. Enums and nested records are built from the field
 * (their values, their fields), so their entries only say what does not depend on the field.
 */
type KindTraits = {
  graph?: GraphScalar;
  list?: ListKind;
  stored: readonly string[];
  written?: () => z.ZodType;
  shown?: () => z.ZodType;
  toColumn?: (value: string) => unknown;
};

/** A calendar date is stored as UTC midnight, and written back as `YYYY-MM-DD`. */
const dateColumn = (value: string) => new Date(`${value}T00:00:00.000Z`);
export const dateOnly = (value: Date): string => value.toISOString().slice(0, 10);

export const kinds: Record<ValueKind, KindTraits> = {
  uuid: {
    graph: "ID",
    list: "uuid",
    stored: ["String"],
    written: () => z.guid({ message: "must be a uuid" }),
    shown: () => z.guid(),
    toColumn: (value) => value.toLowerCase(),
  },
  identifier: { graph: "ID", list: "string", stored: ["String"], written: () => z.string(), shown: () => z.string() },
  string: { graph: "String", list: "string", stored: ["String"], written: () => z.string(), shown: () => z.string() },
  url: {
    graph: "String",
    list: "string",
    stored: ["String"],
    written: () => z.url({ message: "must be an absolute URL" }),
    shown: () => z.url(),
  },
  integer: {
    graph: "Int",
    list: "integer",
    stored: ["Int", "BigInt"],
    written: () => z.number().int("must be an integer"),
    shown: () => z.number().int(),
  },
  number: { graph: "Float", list: "number", stored: ["Float", "Decimal", "Int"], written: () => z.number(), shown: () => z.number() },
  boolean: { graph: "Boolean", list: "boolean", stored: ["Boolean"], written: () => z.boolean(), shown: () => z.boolean() },
  datetime: {
    graph: "DateTime",
    list: "datetime",
    stored: ["DateTime"],
    written: () => z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" }),
    shown: () => z.iso.datetime(),
    toColumn: (value) => new Date(value),
  },
  date: {
    graph: "Date",
    list: "date",
    stored: ["DateTime"],
    written: () => z.iso.date({ message: "must be a date (YYYY-MM-DD)" }),
    shown: () => z.iso.date(),
    toColumn: dateColumn,
  },
  enum: { list: "enum", stored: ["String"] },
  json: {
    graph: "JSONObject",
    stored: ["Json"],
    written: () => z.record(z.string(), z.unknown()),
    shown: () => z.record(z.string(), z.unknown()),
  },
  jsonValue: { graph: "JSON", stored: ["Json"], written: () => z.unknown(), shown: () => z.unknown() },
  object: { stored: ["Json"] },
  reference: { stored: [] },
};

/** The GraphQL type of a field's values by name (an enum's own), required when the field is: `ID`, `DateTime`, `ProgramType`, `[String!]!`. */
export function graphTypeNameOf(field: FieldDeclaration): string {
  const named = field.kind === "enum" ? field.enumName : field.kind === "object" ? field.objectName : kinds[field.kind].graph;
  if (!named) throw new Error(`a ${field.kind} field has no GraphQL type name`);
  const listed = field.list ? `[${named}!]` : named;
  return field.required ? `${listed}!` : listed;
}
