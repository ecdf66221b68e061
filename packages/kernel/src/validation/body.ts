import { z } from "zod";
import { badRequest, validationFailed, type ErrorDetail } from "@pap/core";

/** Server-set fields: a client that sends back what it read must not be refused for them. */
export const readOnlyFields = ["id", "createdAt", "updatedAt"] as const;

/** The entries that hold something: a record built from optional answers keeps no null, undefined or empty text. */
export function presentEntries<T extends object>(record: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null && value !== ""));
}

export function withoutReadOnlyFields(body: Record<string, unknown>, alsoServerSet: readonly string[] = []): Record<string, unknown> {
  const copy = { ...body };
  for (const field of [...readOnlyFields, ...alsoServerSet]) delete copy[field];
  return copy;
}

/** The fields a zod object schema declares (through a transform, the object it reads; none for any other schema). */
export const declaredFields = (schema: z.ZodType): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : schema instanceof z.ZodPipe ? declaredFields(schema.in as z.ZodType) : [];

/**
 * What the server sets on a resource: the fields its representation shows that a body cannot write
 * (a queue's `source`, a user's `userId`). A body carrying them is a client sending back what it read,
 * so they are dropped before validation rather than refused as unknown.
 */
export const serverSetFields = (representation: z.ZodType, body: z.ZodType): string[] => {
  const writable = new Set(declaredFields(body));
  return declaredFields(representation).filter((field) => !writable.has(field));
};

/** A request body must be a JSON object (400 otherwise, per the error table), and PATCH bodies non-empty. */
export function requireObjectBody(body: unknown, options: { nonEmpty?: boolean } = {}): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object.", [{ field: "body", message: "must be a JSON object" }]);
  }
  if (options.nonEmpty && Object.keys(body).length === 0) {
    throw badRequest("The request body must name at least one field to change.", [{ field: "body", message: "must not be empty" }]);
  }
  return body as Record<string, unknown>;
}

const fieldName = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join(".") : "body");

/** One detail per problem; an unknown key is reported under its own name so the client sees which. */
export function detailsFromZod(error: z.ZodError): ErrorDetail[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: fieldName([...issue.path, key]), message: "is not allowed (unknown field)" }))
      : [{ field: fieldName(issue.path), message: issue.message }],
  );
}

/** Validates with a zod schema; failures become one 422 listing every problem. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(detailsFromZod(result.error));
  return result.data;
}

/** The fields an input names: GraphQL hands absent input fields over as undefined, which a body leaves out. */
export const givenFields = <T extends object>(input: T): Partial<T> =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
