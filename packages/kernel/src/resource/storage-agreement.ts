import { kinds } from "./kinds";
import { columnOf, type FieldDeclaration, type ResourceDeclaration } from "./declaration";

/** A model field as Prisma's datamodel describes it (the shape Pothos' Prisma plugin receives). */
export type StoredField = { name: string; kind: string; type: string; isRequired: boolean; isList: boolean };
export type StoredModel = { fields: readonly StoredField[] };

/** Fields kept in storage: not links, not per-caller views, not only written. */
const isStored = (field: FieldDeclaration) => field.kind !== "reference" && field.resolvedBy !== "schema" && field.visibility !== "input";

/**
 * Where a resource's declaration and the Prisma model storing it disagree: a declared field with no
 * column, a column of another type, list-ness or nullability, an enum whose values differ from the
 * stored enum's, and a column the declaration does not account for. Empty when they agree.
 */
export function storageDisagreements(
  resource: Pick<ResourceDeclaration, "name" | "fields" | "storedOnly"> & { list?: ResourceDeclaration["list"] },
  model: StoredModel,
  storedEnums: Record<string, Record<string, string>>,
  models: Record<string, StoredModel> = {},
  options: { everyColumn?: boolean } = { everyColumn: true },
): string[] {
  const problems: string[] = [];
  const columns = new Map(model.fields.map((field) => [field.name, field]));
  const accounted = new Set<string>();
  for (const [name, field] of Object.entries(resource.fields)) {
    const column = columnOf(name, field);
    if (field.resolvedBy === "schema" && columns.has(column)) accounted.add(column);
    if (!isStored(field)) continue;
    accounted.add(column);
    const stored = columns.get(column);
    const at = `${resource.name}.${name}`;
    if (!stored) {
      problems.push(`${at}: the model has no field '${column}'`);
      continue;
    }
    const relation = typeof field.filter === "object" ? field.filter.relation : undefined;
    if (relation) {
      if (stored.kind !== "object" || !stored.isList) problems.push(`${at}: declared as related rows, stored as ${stored.type}`);
      // The related rows' own columns (their key, their owner, their order) are bookkeeping; only the declared fields are checked.
      const related = models[stored.type];
      if (related)
        problems.push(
          ...storageDisagreements({ name: at, fields: field.fields ?? {} }, related, storedEnums, models, { everyColumn: false }),
        );
      continue;
    }
    if (field.kind === "enum") {
      const values = stored.kind === "enum" ? Object.values(storedEnums[stored.type] ?? {}) : undefined;
      if (stored.kind !== "enum" && stored.type !== "String") problems.push(`${at}: an enum, stored as ${stored.type}`);
      if (values && [...values].sort().join() !== [...(field.values ?? [])].sort().join()) {
        problems.push(`${at}: values ${[...(field.values ?? [])].join(", ")}, stored enum ${stored.type} has ${values.join(", ")}`);
      }
    } else if (!kinds[field.kind].stored.includes(stored.type)) {
      problems.push(`${at}: a ${field.kind}, stored as ${stored.type}`);
    }
    // A list kept in a JSON column is one JSON value; only a scalar list is a list column.
    if (stored.type !== "Json" && Boolean(field.list) !== stored.isList)
      problems.push(`${at}: ${field.list ? "a list" : "one value"}, stored as ${stored.isList ? "a list" : "one value"}`);
    if (!stored.isList && Boolean(field.nullable) === stored.isRequired)
      problems.push(`${at}: ${field.nullable ? "nullable" : "never null"}, stored ${stored.isRequired ? "required" : "optional"}`);
  }
  if (!options.everyColumn) return problems;
  for (const extra of Object.values(resource.list?.extra ?? {}))
    for (const column of [extra.column, ...(extra.sortBy ?? [])]) if (column) accounted.add(column);
  for (const stored of model.fields) {
    if (stored.kind === "object" || accounted.has(stored.name) || (resource.storedOnly ?? []).includes(stored.name)) continue;
    problems.push(`${resource.name}: the model's '${stored.name}' is not declared (declare it, or name it in storedOnly)`);
  }
  return problems;
}
