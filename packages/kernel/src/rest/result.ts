import { z } from "zod";
import type { Resource } from "../resource";

/**
 * What a root field answers, as far as a REST route selects it: a declared resource (the selection of
 * its representation), a zod schema (an object's keys, nested objects selected in turn; a scalar
 * selects nothing), or an object giving each selected field its own result type
 * (`{ created: z.boolean(), serviceCall }`).
 */
export type ResultType = Resource | z.ZodType | { readonly [field: string]: ResultType };

export const isResource = (result: unknown): result is Resource =>
  typeof result === "object" &&
  result !== null &&
  "declaration" in result &&
  typeof (result as { selection?: unknown }).selection === "string";

/** A page of a list as every list field answers it (`items … total limit offset hasNext`). */
export const pageOf = (item: ResultType) => ({
  items: item,
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});

/** The resource each record of a page is, when the result is a page of one. */
export const pagedResource = (result: ResultType | undefined): Resource | undefined =>
  result && !isResource(result) && !(result instanceof z.ZodType) && isResource((result as Record<string, ResultType>).items)
    ? ((result as Record<string, ResultType>).items as Resource)
    : undefined;

/** A zod schema's own type, through optionality, nullability, lists and transforms. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrapped(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return unwrapped(schema.element as z.ZodType);
  if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType);
  return schema;
}

const fieldsSelection = (fields: [string, ResultType][]) =>
  fields
    .map(([name, type]) => {
      const selection = selectionOfResult(type);
      return selection ? `${name} { ${selection} }` : name;
    })
    .join(" ");

/** The GraphQL selection of a result type; undefined for a scalar, which is selected by its field alone. */
export function selectionOfResult(result: ResultType): string | undefined {
  if (isResource(result)) return result.selection;
  if (result instanceof z.ZodType) {
    const own = unwrapped(result);
    return own instanceof z.ZodObject ? fieldsSelection(Object.entries(own.shape) as [string, z.ZodType][]) : undefined;
  }
  return fieldsSelection(Object.entries(result));
}
