import { kinds } from "../resource/kinds";
import { columnOf, graphFields, inputDescriptionOf, writableFields, type FieldDeclaration, type Fields, type ResourceDeclaration } from "../resource/declaration";

/**
 * The graph types of a declaration, built on a subgraph's Pothos builder. The kernel knows each
 * builder only structurally (its schema types are the subgraph's), so refs are handled as opaque.
 */
type Ref = object | string;
type LooseBuilder = {
  enumType(name: string, options: object): Ref;
  objectRef(name: string): { implement(options: object): Ref };
  inputType(name: string, options: object): Ref;
};
type LooseFieldBuilder = { field(options: object): unknown };

/** Types built once per builder and name: an enum or a nested record used by several resources is one type. */
const builtTypes = new WeakMap<object, Map<string, Ref>>();

function once(builder: object, name: string, build: () => Ref): Ref {
  const built = builtTypes.get(builder) ?? new Map<string, Ref>();
  builtTypes.set(builder, built);
  if (!built.has(name)) built.set(name, build());
  return built.get(name)!;
}

/** The enum type of a declared enum field (built once per name). */
export function enumTypeOf(builder: object, field: Pick<FieldDeclaration, "enumName" | "values" | "enumDescription">): Ref {
  if (!field.enumName || !field.values) throw new Error("an enum field needs enumName and values");
  const { enumName, values, enumDescription } = field;
  return once(builder, enumName, () => (builder as LooseBuilder).enumType(enumName, { values, ...(enumDescription && { description: enumDescription }) }));
}

/** The object type of a nested record (built once per name), each field read from its column. */
export function objectTypeOf(builder: object, field: FieldDeclaration, resolvers: Record<string, unknown> = {}): Ref {
  if (!field.objectName) throw new Error("a nested record needs objectName");
  const name = field.objectName;
  return once(builder, name, () =>
    (builder as LooseBuilder).objectRef(name).implement({
      ...(field.objectDescription && { description: field.objectDescription }),
      fields: (t: LooseFieldBuilder) => graphFieldsOf(builder, t, field.fields ?? {}, resolvers),
    }),
  );
}

function outputType(builder: object, field: FieldDeclaration): Ref {
  const type = field.kind === "enum" ? enumTypeOf(builder, field) : field.kind === "object" ? objectTypeOf(builder, field) : kinds[field.kind].graph;
  if (!type) throw new Error(`no output type for a ${field.kind} field`);
  return field.list ? [type] : type;
}

/**
 * The graph fields of a declaration, in its order. Fields the schema file resolves itself (links to
 * other entities, per-caller views) come from `resolvers` by name; a declared one left unresolved is
 * an error when the schema is built, not a null at run time.
 */
export function graphFieldsOf(
  builder: object,
  t: LooseFieldBuilder,
  fields: Fields,
  resolvers: Record<string, unknown> = {},
  options: { from?: (parent: never) => Record<string, unknown> } = {},
): Record<string, unknown> {
  const recordOf = (options.from as ((parent: unknown) => Record<string, unknown>) | undefined) ?? ((parent: unknown) => parent as Record<string, unknown>);
  return Object.fromEntries(
    graphFields(fields).map(([name, field]) => {
      if (Object.hasOwn(resolvers, name)) return [name, resolvers[name]];
      if (field.kind === "reference" || field.resolvedBy === "schema") throw new Error(`field '${name}' is resolved by its schema file, which gave no resolver for it`);
      const column = columnOf(name, field);
      const read = (record: Record<string, unknown>) => record[column] ?? null;
      return [
        name,
        t.field({
          type: outputType(builder, field),
          nullable: field.nullable ?? false,
          ...(field.description && { description: field.description }),
          resolve: (parent: unknown) => read(recordOf(parent)),
        }),
      ];
    }),
  );
}

function inputFieldType(builder: object, field: FieldDeclaration): Ref {
  const written = field.inputAs ?? field;
  const type =
    written.kind === "enum"
      ? enumTypeOf(builder, written)
      : written.kind === "object"
        ? nestedInputType(builder, written)
        : kinds[written.kind].graph;
  if (!type) throw new Error(`no input type for a ${written.kind} field`);
  return written.list ? [type] : type;
}

function nestedInputType(builder: object, field: FieldDeclaration): Ref {
  if (!field.inputName) throw new Error("a written nested record needs inputName");
  const name = field.inputName;
  const written = Object.fromEntries(Object.entries(field.fields ?? {}).filter(([, inner]) => inner.write !== undefined));
  return once(builder, name, () => (builder as LooseBuilder).inputType(name, { fields: (t: LooseFieldBuilder) => inputFieldsOf(builder, t, written, "create") }));
}

function inputFieldsOf(builder: object, t: LooseFieldBuilder, fields: Fields, on: "create" | "update"): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      t.field({
        type: inputFieldType(builder, field),
        required: on === "create" && field.required === true,
        ...(inputDescriptionOf(field, on) && { description: inputDescriptionOf(field, on) }),
      }),
    ]),
  );
}

/** `TaskCreateInput` / `TaskUpdateInput`: the fields a create or update may write, required ones required on create. */
export function inputTypeOf(builder: object, resource: ResourceDeclaration, on: "create" | "update", name = `${resource.name}${on === "create" ? "Create" : "Update"}Input`): Ref {
  return once(builder, name, () =>
    (builder as LooseBuilder).inputType(name, { fields: (t: LooseFieldBuilder) => inputFieldsOf(builder, t, Object.fromEntries(writableFields(resource.fields, on)), on) }),
  );
}
