import { z } from "zod";
import { dateOnly, kinds } from "./kinds";
import { columnOf, declaredInput, representedFields, spreadFieldOf, type FieldDeclaration, type Fields } from "./declaration";

/**
 * The GraphQL selection of a record in its REST shape: every represented field, nested records with
 * their own fields; links to other entities are left out (REST represents them by their ids).
 */
export function selectionOf(fields: Fields): string {
  return representedFields(fields)
    .map(([name, field]) => (field.kind === "object" ? `${name} { ${selectionOf(field.fields ?? {})} }` : name))
    .join(" ");
}

function shownAs(field: FieldDeclaration): z.ZodType {
  // A number's bounds are a fact about every value it holds, not only the written ones.
  if (field.kind === "integer" || field.kind === "number") return declaredInput(field, "create") ?? kinds[field.kind].shown!();
  if (field.kind === "enum") return z.enum(field.values as [string, ...string[]]);
  if (field.kind === "object") return responseOf(field.fields ?? {});
  return kinds[field.kind].shown?.() ?? z.string();
}

/** The representation's schema, for the OpenAPI document (open to any key, for a free-form record). */
export function responseOf(fields: Fields): z.ZodObject {
  return (spreadFieldOf(fields) ? z.looseObject : z.object)(
    Object.fromEntries(
      representedFields(fields)
        .filter(([, field]) => !field.spread)
        .map(([name, field]) => {
          const shown = field.list ? z.array(field.shape ?? shownAs(field)) : (field.shape ?? shownAs(field));
          return [name, field.nullable ? shown.nullable() : shown];
        }),
    ),
  );
}

function serialized(field: FieldDeclaration, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => serialized({ ...field, list: false }, item));
  if (value instanceof Date) return field.kind === "date" ? dateOnly(value) : value.toISOString();
  if (field.kind === "object") return snapshotOf(field.fields ?? {}, value as Record<string, unknown>);
  return value;
}

/**
 * A stored record as the API shows it and its events carry it: each represented field read from its
 * column, instants and dates as ISO strings. Fields kept out of events are left
 * out; a field written in another shape than it is shown (`inputAs`: a user's roles by name) is
 * recorded as written, since what it is shown with is derived.
 */
export function snapshotOf(fields: Fields, record: Record<string, unknown>): Record<string, unknown> {
  const spread = spreadFieldOf(fields);
  const own = Object.fromEntries(
    representedFields(fields)
      .filter(([, field]) => field.inEvents !== false && !field.spread)
      .map(([name, field]) => [name, serialized(field.inputAs ?? field, record[columnOf(name, field)])]),
  );
  return spread ? { ...(record[columnOf(...spread)] as Record<string, unknown>), ...own } : own;
}

/**
 * The graph record (selected by `selectionOf`) as REST shows it: a free-form record's keys beside
 * the server-set fields, which win; any other record as it is.
 */
export function restShapeOf(fields: Fields): ((record: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const spread = spreadFieldOf(fields);
  if (!spread) return undefined;
  const [name] = spread;
  // Copied key by key: a rest pattern with a computed key takes V8's slow path, and this runs for every record a REST answer shows.
  return (record) => {
    const shaped: Record<string, unknown> = {};
    // As a spread does, a key named __proto__ stays an ordinary key rather than setting the prototype.
    const put = (key: string, value: unknown) =>
      key === "__proto__"
        ? Object.defineProperty(shaped, key, { value, enumerable: true, writable: true, configurable: true })
        : (shaped[key] = value);
    const free = record[name] as Record<string, unknown> | null | undefined;
    if (free) for (const key of Object.keys(free)) put(key, free[key]);
    for (const key of Object.keys(record)) if (key !== name) put(key, record[key]);
    return shaped;
  };
}
