import { etagOf } from "@pap/core";
import type { FieldKind, FieldMap, GenericFieldRef, InputFieldMap, SchemaTypes } from "@pothos/core";
import type { GraphQLResolveInfo } from "graphql";
import { seesIdentifiers } from "../auth/partner-agreement";
import { builderMethods, fieldBuilderMethods, type KernelContext, type KernelTypes } from "./builder-methods";
import { mayHoldSensitive, selectionsOf, sensitivePathsOf, withoutIdentifiers } from "./sensitive-reads";
import { kinds, type GraphScalar } from "../resource/kinds";
import {
  columnOf,
  graphFields,
  inputDescriptionOf,
  writableFields,
  type FieldDeclaration,
  type Fields,
  type ResourceDeclaration,
} from "../resource/declaration";

/**
 * The graph types of a declaration, built by methods every subgraph builder has: `t.declaredFields`
 * for an object type's fields, and the enum, nested record and input types they need.
 */
declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /** The enum type of a declared enum field (built once per name). */
      enumTypeOf(field: Pick<FieldDeclaration, "enumName" | "values" | "enumDescription">): EnumRef<Types, string>;
      /** The object type of a nested record (built once per name), each field read from its column. */
      objectTypeOf(field: FieldDeclaration): ObjectRef<Types, unknown>;
      /** `TaskCreateInput` / `TaskUpdateInput`: the fields a create or update may write, required ones required on create. */
      inputTypeOf(resource: ResourceDeclaration, on: "create" | "update", name?: string): InputObjectRef<Types, Record<string, unknown>>;
    }
    export interface RootFieldBuilder<Types extends SchemaTypes, ParentShape, Kind extends FieldKind = FieldKind> {
      /**
       * The graph fields of a declaration, in its order. Fields the schema file resolves itself (links
       * to other entities, per-caller views) come from `resolvers` by name: a reference field or one
       * `resolvedBy: "schema"` must have one (a declaration built at run time is checked when the
       * schema is built). `from` reads the record out of the parent, when the parent wraps it.
       */
      declaredFields<const F extends Fields>(
        fields: F,
        resolvers?: SchemaResolvers<F>,
        options?: { from?(parent: ParentShape): object },
      ): FieldMap;
    }
  }
}

/** The names of the declared fields the schema file resolves. */
type ResolvedBySchema<F extends Fields> = {
  [K in keyof F]: F[K] extends { kind: "reference" } | { resolvedBy: "schema" } ? K : never;
}[keyof F];

/** The fields a schema file gives `declaredFields`: those it must resolve, and any other it resolves its own way. */
export type SchemaResolvers<F extends Fields> = { [K in ResolvedBySchema<F>]: GenericFieldRef<unknown> } & {
  [K in keyof F]?: GenericFieldRef<unknown>;
};

type Builder = PothosSchemaTypes.SchemaBuilder<KernelTypes>;
type EnumRef = PothosSchemaTypes.EnumRef<KernelTypes, string>;
type ObjectRef = PothosSchemaTypes.ObjectRef<KernelTypes, unknown>;
type InputObjectRef = PothosSchemaTypes.InputObjectRef<KernelTypes, Record<string, unknown>>;
type OutputType = GraphScalar | EnumRef | ObjectRef;
type InputType = GraphScalar | EnumRef | InputObjectRef;

/** Types built once per builder and name: an enum or a nested record used by several resources is one type. */
function builtOnce<Ref>() {
  const builtTypes = new WeakMap<object, Map<string, Ref>>();
  return (builder: object, name: string, build: () => Ref): Ref => {
    const built = builtTypes.get(builder) ?? new Map<string, Ref>();
    builtTypes.set(builder, built);
    const found = built.get(name);
    if (found) return found;
    const made = build();
    built.set(name, made);
    return made;
  };
}
const enumOnce = builtOnce<EnumRef>();
const objectOnce = builtOnce<ObjectRef>();
const inputOnce = builtOnce<InputObjectRef>();

builderMethods.enumTypeOf = function enumTypeOf(field) {
  if (!field.enumName || !field.values) throw new Error("an enum field needs enumName and values");
  const { enumName, values, enumDescription } = field;
  return enumOnce(this, enumName, () => this.enumType(enumName, { values, ...(enumDescription && { description: enumDescription }) }));
};

builderMethods.objectTypeOf = function objectTypeOf(field) {
  if (!field.objectName) throw new Error("a nested record needs objectName");
  const name = field.objectName;
  return objectOnce(this, name, () =>
    this.objectRef<unknown>(name).implement({
      ...(field.objectDescription && { description: field.objectDescription }),
      fields: (t) => t.declaredFields(field.fields ?? {}),
    }),
  );
};

function scalarOf(field: FieldDeclaration): GraphScalar {
  const scalar = kinds[field.kind].graph;
  if (!scalar) throw new Error(`no graph type for a ${field.kind} field`);
  return scalar;
}

function outputType(builder: Builder, field: FieldDeclaration): OutputType | [OutputType] {
  const type = field.kind === "enum" ? builder.enumTypeOf(field) : field.kind === "object" ? builder.objectTypeOf(field) : scalarOf(field);
  return field.list ? [type] : type;
}

/**
 * A record field's value as the caller may see it: without personal identifiers for a partner whose
 * agreement withholds them, and given once the sensitive parts it shows (if any) are in the audit
 * trail: the caller's read is recorded before the value leaves, with the record's type and id.
 */
function shownAfterAudit(
  name: string,
  field: FieldDeclaration,
  record: object,
  value: unknown,
  context: KernelContext,
  info: GraphQLResolveInfo,
): unknown {
  const log = context.sensitiveReads;
  if (!log || value === null || value === undefined) return value;
  // Most fields are plain text or numbers under names nobody marked: answered without a look further.
  const nests = field.kind === "json" || field.kind === "jsonValue" || field.kind === "object";
  if (!nests && !field.audited && !log.names.has(name)) return value;
  const caller = context.knownPrincipal();
  // Records are read once the caller is known (their permission was checked); should one not be, it is asked, not assumed.
  if (caller === undefined) return context.principal().then(() => shownAfterAudit(name, field, record, value, context, info));
  const shown = seesIdentifiers(caller) ? value : withoutIdentifiers(name, value, log.names);
  // Without a trail to write, what is shown is not looked into further.
  if (!log.record) return shown;
  const paths = sensitivePathsOf(name, field, shown, field.kind === "object" ? selectionsOf(info) : [], info.fragments, log.names);
  if (paths.size === 0) return shown;
  const recordId = String((record as { id?: unknown }).id);
  return log.record({ recordType: info.parentType.name, recordId, fields: [...paths] }).then(() => shown);
}

/** A record's value at a column, null when it has none. */
const valueAt = (record: object, column: string): unknown => (record as Record<string, unknown>)[column] ?? null;

fieldBuilderMethods.declaredFields = function declaredFields(
  fields,
  resolvers: Partial<Record<string, GenericFieldRef<unknown>>> = {},
  options = {},
) {
  const recordOf = options.from ?? ((parent: unknown) => parent);
  // A record's own fields (it has an id) are where a sensitive read is recorded, naming the record;
  // its nested records' fields are reached through them.
  const isRecord = "id" in fields;
  // A record with a version (an id and updatedAt) says it as REST's ETag does: what If-Match takes.
  const versioned = "id" in fields && "updatedAt" in fields && !("etag" in fields);
  const etag = versioned
    ? [
        [
          "etag",
          this.string({
            nullable: true,
            description:
              "The record's version as an ETag: send it as the If-Match header of a change, which is refused (412) if the record has changed since.",
            resolve: (parent) => etagOf(recordOf(parent)) ?? null,
          }),
        ] as const,
      ]
    : [];
  return Object.fromEntries([
    ...etag,
    ...graphFields(fields).map(([name, field]) => {
      const resolved = resolvers[name];
      if (resolved) return [name, resolved];
      if (field.kind === "reference" || field.resolvedBy === "schema")
        throw new Error(`field '${name}' is resolved by its schema file, which gave no resolver for it`);
      const column = columnOf(name, field);
      const audit = isRecord && mayHoldSensitive(field);
      return [
        name,
        this.field({
          type: outputType(this.builder, field),
          nullable: field.nullable ?? false,
          ...(field.description && { description: field.description }),
          resolve: (parent, _args, context, info) => {
            const record = recordOf(parent);
            if (record === null || typeof record !== "object") return null;
            const value = valueAt(record, column);
            return audit ? shownAfterAudit(name, field, record, value, context, info) : value;
          },
        }),
      ];
    }),
  ]);
};

function inputFieldType(builder: Builder, field: FieldDeclaration): InputType | [InputType] {
  const written = field.inputAs ?? field;
  const type =
    written.kind === "enum"
      ? builder.enumTypeOf(written)
      : written.kind === "object"
        ? nestedInputType(builder, written)
        : scalarOf(written);
  return written.list ? [type] : type;
}

function nestedInputType(builder: Builder, field: FieldDeclaration): InputObjectRef {
  if (!field.inputName) throw new Error("a written nested record needs inputName");
  const name = field.inputName;
  const written = Object.fromEntries(Object.entries(field.fields ?? {}).filter(([, inner]) => inner.write !== undefined));
  return inputOnce(builder, name, () => builder.inputType(name, { fields: (t) => inputFieldsOf(builder, t, written, "create") }));
}

function inputFieldsOf(
  builder: Builder,
  t: PothosSchemaTypes.InputFieldBuilder<KernelTypes, "InputObject">,
  fields: Fields,
  on: "create" | "update",
): InputFieldMap {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => {
      const description = inputDescriptionOf(field, on);
      return [
        name,
        t.field({
          type: inputFieldType(builder, field),
          required: on === "create" && field.required === true,
          ...(description && { description }),
        }),
      ];
    }),
  );
}

builderMethods.inputTypeOf = function inputTypeOf(resource, on, name = `${resource.name}${on === "create" ? "Create" : "Update"}Input`) {
  return inputOnce(this, name, () =>
    this.inputType(name, { fields: (t) => inputFieldsOf(this, t, Object.fromEntries(writableFields(resource.fields, on)), on) }),
  );
};
