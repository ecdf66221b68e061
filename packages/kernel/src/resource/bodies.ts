import { z } from "zod";
import { dateOnly, kinds } from "./kinds";
import { declaredInput, representedFields, spreadFieldOf, writableFields, type FieldDeclaration, type Fields } from "./declaration";

/** The check a written value gets from its kind alone, when the declaration names none. */
function kindCheck(field: FieldDeclaration): z.ZodType {
  if (field.kind === "enum")
    return z.enum(field.values as [string, ...string[]], { message: `must be one of: ${(field.values ?? []).join(", ")}` });
  if (field.kind === "object") return nestedCheck(field.fields ?? {});
  return kinds[field.kind].written?.() ?? z.string();
}

/**
 * A nested record: its written fields checked, required as declared; the ones the server sets are
 * accepted and dropped (a client sending back a clock it read), anything else refused as unknown.
 */
function nestedCheck(fields: Fields) {
  const written = Object.entries(fields).filter(([, field]) => field.write !== undefined);
  const serverSet = representedFields(fields)
    .filter(([, field]) => field.write === undefined)
    .map(([name]) => name);
  const shape = {
    ...Object.fromEntries(serverSet.map((name) => [name, z.unknown().optional()])),
    ...Object.fromEntries(written.map(([name, field]) => [name, optionalUnless(field.required, valueCheck(field, "create"))])),
  };
  if (!serverSet.length) return z.strictObject(shape);
  return z
    .strictObject(shape)
    .transform((value) => Object.fromEntries(Object.entries(value).filter(([name]) => !serverSet.includes(name))));
}

const listCheck = (field: FieldDeclaration) =>
  field.maxItems === undefined ? z.array(kindCheck(field)) : z.array(kindCheck(field)).max(field.maxItems);

const optionalUnless = (required: boolean | undefined, check: z.ZodType) => (required ? check : check.optional());

/** The whole check of one field's value: the declared one, else its kind's (an array of them for a list), then null if nullable. */
export function valueCheck(field: FieldDeclaration, on: "create" | "update"): z.ZodType {
  const declared = declaredInput(field, on);
  const written = field.inputAs ?? field;
  const check = declared ?? (written.list ? listCheck(written) : kindCheck(written));
  return field.nullable ? check.nullable() : check;
}

/** A free-form resource's body is the record itself. */
const freeFormBody = z.record(z.string(), z.unknown());

/**
 * A body of the given fields, strict; an older name of a field (`aliases`) is accepted in its place
 * and read as the field, the current name winning when both are sent.
 */
function bodyOf(fields: [string, FieldDeclaration][], checkOf: (field: FieldDeclaration) => z.ZodType) {
  const aliases = fields.flatMap(([name, field]) => (field.aliases ?? []).map((alias) => [alias, name, field] as const));
  const shape = Object.fromEntries([
    ...fields.map(([name, field]) => [name, checkOf(field)] as const),
    ...aliases.map(([alias, , field]) => [alias, valueCheck(field, "create").optional()] as const),
  ]);
  if (!aliases.length) return z.strictObject(shape);
  const required = fields.map(([name]) => name).filter((name) => !shape[name]!.safeParse(undefined).success);
  // The field's own check is optional here so that the alias can stand in; a required field is then checked as present either way.
  const lenient = Object.fromEntries(
    Object.entries(shape).map(([name, check]) => [name, required.includes(name) ? check.optional() : check]),
  );
  return z
    .strictObject(lenient)
    .superRefine((body, context) => {
      for (const name of required) {
        const given = body[name] !== undefined || aliases.some(([alias, of]) => of === name && body[alias] !== undefined);
        if (!given) context.addIssue({ code: "custom", path: [name], message: "is required" });
      }
    })
    .transform((body) => {
      const read: Record<string, unknown> = { ...body };
      for (const [alias, of] of aliases) {
        if (read[of] === undefined && read[alias] !== undefined) read[of] = read[alias];
        delete read[alias];
      }
      return read;
    });
}

/** The create body: every field writable on create, required ones required; anything else sent is refused as unknown. */
export const createBodyOf = (fields: Fields) =>
  spreadFieldOf(fields)
    ? freeFormBody
    : bodyOf(writableFields(fields, "create"), (field) => optionalUnless(field.required, valueCheck(field, "create")));

/** The update body: any subset of the fields writable on update. */
export const updateBodyOf = (fields: Fields) =>
  spreadFieldOf(fields) ? freeFormBody : bodyOf(writableFields(fields, "update"), (field) => valueCheck(field, "update").optional());

/**
 * A GraphQL input as the body the REST surface would have sent: absent fields left out, and the
 * DateTime and Date scalars' Date objects written back as the ISO strings bodies carry, so one
 * validation serves both.
 */
export function bodyFromInput(fields: Fields, input: Record<string, unknown>): Record<string, unknown> {
  const asBody = (field: FieldDeclaration | undefined, value: unknown): unknown => {
    if (value instanceof Date) return field?.kind === "date" ? dateOnly(value) : value.toISOString();
    if (Array.isArray(value)) return value.map((item) => asBody(field, item));
    if (field?.kind === "object" && value !== null && typeof value === "object")
      return bodyFromInput(field.fields ?? {}, value as Record<string, unknown>);
    return value;
  };
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, asBody(Object.hasOwn(fields, name) ? fields[name] : undefined, value)]),
  );
}
