import { z } from "zod";

/** The field declarations every application-level record shares, and the builders its own fields use (resources.md §3.4). */

export const enumCheck = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of: ${values.join(", ")}` });

/** Every record: its id, its application, when it was written. */
export const recordBase = {
  id: { kind: "uuid" },
  applicationId: { kind: "uuid", description: "The application the record belongs to." },
  createdAt: { kind: "datetime", sort: true },
  updatedAt: { kind: "datetime", sort: true },
} as const;

/** A record about one member: which one, required on create; it must be a member of the same application. */
export const memberId = {
  kind: "uuid",
  write: "always",
  required: true,
  sort: true,
  description: "The member of the same application the record is about.",
} as const;

/** An enum the body may leave out. */
export const choice = <const V extends readonly [string, ...string[]]>(values: V, enumName: string, description?: string) =>
  ({
    kind: "enum",
    values,
    enumName,
    nullable: true,
    write: "always",
    input: enumCheck(values),
    ...(description && { description }),
  }) as const;

/** An enum every record has. */
export const requiredChoice = <const V extends readonly [string, ...string[]]>(values: V, enumName: string, description?: string) =>
  ({
    kind: "enum",
    values,
    enumName,
    write: "always",
    required: true,
    input: enumCheck(values),
    sort: true,
    ...(description && { description }),
  }) as const;

const nonNegative = z.number().min(0, "must not be negative");

/** A sum of money (never negative). */
export const money = { kind: "number", nullable: true, write: "always", input: nonNegative } as const;
export const requiredMoney = { kind: "number", write: "always", required: true, input: nonNegative, sort: true } as const;
/** What a member earns or is paid: reading it is recorded in the audit trail of sensitive reads. */
export const incomeAmount = { ...money, audited: true } as const;
export const requiredIncomeAmount = { ...requiredMoney, audited: true } as const;

export const text = (max = 200, description?: string) =>
  ({ kind: "string", nullable: true, write: "always", input: z.string().max(max), ...(description && { description }) }) as const;
export const requiredText = (max = 200) =>
  ({
    kind: "string",
    write: "always",
    required: true,
    input: z.string().trim().min(1, "must not be empty").max(max),
    sort: true,
    search: true,
  }) as const;
export const flag = { kind: "boolean", nullable: true, write: "always" } as const;
export const day = { kind: "date", nullable: true, write: "always" } as const;
export const requiredDay = { kind: "date", write: "always", required: true, sort: true } as const;
export const instant = { kind: "datetime", nullable: true, write: "always" } as const;
export const wholeNumber = (min = 0) =>
  ({
    kind: "integer",
    nullable: true,
    write: "always",
    input: z.number().int("must be an integer").min(min, `must be at least ${min}`),
  }) as const;
export const reference = (description: string) => ({ kind: "uuid", nullable: true, write: "always", description }) as const;

/** A nested object, written whole and checked by its shape. */
export const nested = (shape: z.ZodType, description?: string) =>
  ({ kind: "json", nullable: true, write: "always", input: shape, shape, ...(description && { description }) }) as const;
export const requiredNested = (shape: z.ZodType, description?: string) =>
  ({ kind: "json", write: "always", required: true, input: shape, shape, ...(description && { description }) }) as const;
/** A list of nested objects (or other JSON values), written whole. */
export const nestedList = (item: z.ZodType, description?: string) =>
  ({
    kind: "jsonValue",
    nullable: true,
    write: "always",
    input: z.array(item),
    shape: z.array(item),
    ...(description && { description }),
  }) as const;

const personRefFields = { type: enumCheck(["member", "contact"]), id: z.uuid({ message: "must be a uuid" }) };
/** A person on the application: one of its members or contacts. */
export const personRef = z.strictObject(personRefFields);
/** A person on the application with what the record says of them (a roomer's rent); open to further keys, as the contract's sub-objects are. */
export const personRefWith = (fields: z.ZodRawShape) => z.looseObject({ ...personRefFields, ...fields });
/** Anyone on the application: a member, a contact, or an organization. */
export const entityRef = z.strictObject({
  type: enumCheck(["member", "contact", "organization"]),
  id: z.uuid({ message: "must be a uuid" }),
});
