import type { z } from "zod";
import type { FieldDeclaration, Fields, WriteAccess } from "./declaration";

/**
 * The TypeScript types of a declaration's bodies, worked out from the declaration itself (declared
 * `as const` through `defineResource`), so operations are typed by the same one source.
 */
type Writes<Field, On extends "create" | "update"> = Field extends { write: infer Access extends WriteAccess }
  ? "always" extends Access
    ? true
    : On extends Access
      ? true
      : false
  : false;

type KindValue<Field> = Field extends { kind: "enum"; values: readonly (infer Value)[] }
  ? Value
  : Field extends { kind: "integer" | "number" }
    ? number
    : Field extends { kind: "boolean" }
      ? boolean
      : Field extends { kind: "json" }
        ? Record<string, unknown>
        : Field extends { kind: "jsonValue" }
          ? unknown
          : Field extends { kind: "object"; fields: infer Nested extends Fields }
            ? NestedBody<Nested>
            : string;

type Listed<Field, Value> = Field extends { list: true } ? Value[] : Value;

type DeclaredCheck<Field, On extends string> = Field extends { input: infer Check extends z.ZodType }
  ? z.output<Check>
  : Field extends { input: { [K in On]: infer Check extends z.ZodType } }
    ? z.output<Check>
    : Field extends { inputAs: infer Written }
      ? Listed<Written, KindValue<Written>>
      : Listed<Field, KindValue<Field>>;

type WrittenValue<Field, On extends string> = DeclaredCheck<Field, On> | (Field extends { nullable: true } ? null : never);

type Required<Field> = Field extends { required: true } ? true : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type NestedBody<F extends Fields> = Simplify<
  {
    [K in keyof F as F[K] extends { write: WriteAccess } ? (Required<F[K]> extends true ? K : never) : never]: WrittenValue<F[K], "create">;
  } & {
    [K in keyof F as F[K] extends { write: WriteAccess } ? (Required<F[K]> extends true ? never : K) : never]?: WrittenValue<
      F[K],
      "create"
    >;
  }
>;

/** A create body (`On` = "create") or an update body (`On` = "update") of the fields `F`. */
export type BodyOf<F extends Fields, On extends "create" | "update"> = Simplify<
  {
    [K in keyof F as Writes<F[K], On> extends true
      ? On extends "create"
        ? Required<F[K]> extends true
          ? K
          : never
        : never
      : never]: WrittenValue<F[K], On>;
  } & {
    [K in keyof F as Writes<F[K], On> extends true
      ? On extends "create"
        ? Required<F[K]> extends true
          ? never
          : K
        : K
      : never]?: WrittenValue<F[K], On>;
  }
>;

export type { FieldDeclaration };
