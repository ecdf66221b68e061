import type { FieldDef } from "../list/spec";
import { kinds } from "./kinds";
import { columnOf, spreadFieldOf, type FieldDeclaration, type Fields, type ResourceDeclaration } from "./declaration";

type ListEntry = { def: FieldDef; sort: boolean; search: boolean };

/** How `q` and `sort` see one declared field, or nothing when it cannot be filtered. */
function entryOf(name: string, field: FieldDeclaration, relation?: FieldDef["relation"]): ListEntry | undefined {
  const kind = kinds[field.kind].list;
  if (!kind || field.filter === false) return undefined;
  const tuned = typeof field.filter === "object" ? field.filter : {};
  const def: FieldDef = {
    kind: field.list ? "tags" : kind,
    ...((field.column || relation || name.includes(".")) && { column: field.column ?? name.split(".").at(-1) }),
    ...(field.values && { values: field.values }),
    ...(field.nullable && { nullable: true }),
    ...(relation && { relation }),
    ...tuned,
  };
  return { def, sort: field.sort === true, search: field.search === true };
}

/**
 * The list rules derived from the declaration: each scalar or enum field filters under its name,
 * a nested list kept in related rows (`filter: { relation }`) filters by `members.personId`;
 * fields that cannot filter (JSON, nested records) are named as such so sorting by one says so.
 */
export function listRulesOf(resource: ResourceDeclaration) {
  const entries: Record<string, ListEntry> = {};
  const unfilterable: string[] = [];
  const visible = Object.entries(resource.fields).filter(
    ([, field]) => field.visibility !== "input" && field.kind !== "reference" && !field.spread,
  );
  const spread = spreadFieldOf(resource.fields);
  for (const [name, field] of visible) {
    const relation = typeof field.filter === "object" ? field.filter.relation : undefined;
    if (field.kind === "object" && relation) {
      for (const [inner, innerField] of Object.entries(field.fields ?? {})) {
        const entry = entryOf(`${name}.${inner}`, { ...innerField, column: innerField.column ?? inner }, relation);
        if (entry) entries[`${name}.${inner}`] = entry;
      }
      continue;
    }
    const entry = entryOf(name, field);
    if (entry) entries[name] = entry;
    else if (field.visibility !== "graph") unfilterable.push(name);
  }
  for (const [name, extra] of Object.entries(resource.list.extra ?? {})) {
    const { sort, search, ...def } = extra;
    entries[name] = { def, sort: sort === true, search: search === true };
  }
  const named = (pick: (entry: ListEntry) => boolean) =>
    Object.entries(entries)
      .filter(([, entry]) => pick(entry))
      .map(([name]) => name);
  return {
    resource: resource.plural,
    fields: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, entry.def])),
    ...(unfilterable.some((name) => !entries[name]) && { unfilterable: unfilterable.filter((name) => !entries[name]) }),
    ...(spread && { freeForm: { column: columnOf(...spread) } }),
    ...(resource.list.anyNull !== undefined && { anyNull: resource.list.anyNull }),
    ...(resource.list.tieBreaker && { tieBreaker: resource.list.tieBreaker }),
    fullText: named((entry) => entry.search),
    sortable: named((entry) => entry.sort),
    defaultSort: resource.list.defaultSort,
  };
}

export type { Fields };
