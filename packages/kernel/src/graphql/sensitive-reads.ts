import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";
import type { FieldDeclaration } from "../resource/declaration";

/** One record's sensitive fields that a caller was given: the unit of the audit trail. */
export type SensitiveRead = { recordType: string; recordId: string; fields: readonly string[] };

/**
 * Where a request's reads of sensitive fields are recorded. `names` are the fields sensitive wherever
 * they appear (SSNs, dates of birth, what the deployment adds): the personal identifiers a partner's
 * agreement may withhold; a declaration marks others `audited` (income amounts). `record` resolves
 * once the read is in the trail, so a value is shown only after its reading is recorded: a trail that
 * cannot be written fails the read rather than let it pass unseen. It is absent where the deployment
 * keeps no trail.
 */
export type SensitiveReadLog = {
  names: ReadonlySet<string>;
  record?(read: SensitiveRead): Promise<void>;
};

/**
 * A value with every sensitive key taken out, at any depth: what a caller who may not see personal
 * identifiers is given of a free-form or nested field. Null for a field sensitive by its own name.
 */
export function withoutIdentifiers(name: string, value: unknown, names: ReadonlySet<string>): unknown {
  if (names.has(name)) return null;
  return stripped(value, names);
}

function stripped(value: unknown, names: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => stripped(item, names));
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !names.has(key))
      .map(([key, inner]) => [key, stripped(inner, names)]),
  );
}

type Fragments = GraphQLResolveInfo["fragments"];

/** The sub-selections asked of each field name within selection sets, through fragments. */
function selectedFields(sets: readonly SelectionSetNode[], fragments: Fragments): Map<string, SelectionSetNode[]> {
  const selected = new Map<string, SelectionSetNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const inner = selected.get(selection.name.value) ?? [];
        if (selection.selectionSet) inner.push(selection.selectionSet);
        selected.set(selection.name.value, inner);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else {
        const fragment: FragmentDefinitionNode | undefined = fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) visit(set);
  return selected;
}

const present = (value: unknown) => value !== null && value !== undefined;

/**
 * The paths of sensitive keys holding a value in free-form JSON, at any depth (array items keep their
 * parent's path). It runs on every JSON field of every record a request shows, so it allocates only
 * for what it goes into (a nested object's path) or finds: no entry pairs, no path for a plain value.
 */
function sensitiveKeysIn(value: unknown, path: string, names: ReadonlySet<string>, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) sensitiveKeysIn(item, path, names, found);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const inner = object[key];
    if (names.has(key)) {
      if (present(inner)) found.add(`${path}.${key}`);
    } else if (typeof inner === "object" && inner !== null) sensitiveKeysIn(inner, `${path}.${key}`, names, found);
  }
}

/**
 * The sensitive paths a field's value shows the caller: the field itself when it is sensitive by name
 * or declared `audited`; inside JSON, every sensitive key with a value; inside a nested record, what
 * the query selected of it.
 */
export function sensitivePathsOf(
  name: string,
  field: FieldDeclaration,
  value: unknown,
  selections: readonly SelectionSetNode[],
  fragments: Fragments,
  names: ReadonlySet<string>,
  found: Set<string> = new Set(),
): Set<string> {
  if (!present(value)) return found;
  if (field.audited || names.has(name)) {
    found.add(name);
    return found;
  }
  if (field.kind === "json" || field.kind === "jsonValue") sensitiveKeysIn(value, name, names, found);
  else if (field.kind === "object" && field.fields) {
    const asked = selectedFields(selections, fragments);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "object" || item === null) continue;
      for (const [inner, innerSelections] of asked) {
        const innerField = field.fields[inner];
        if (!innerField) continue;
        const innerValue = (item as Record<string, unknown>)[innerField.column ?? inner];
        for (const path of sensitivePathsOf(inner, innerField, innerValue, innerSelections, fragments, names)) found.add(`${name}.${path}`);
      }
    }
  }
  return found;
}

/** Whether a field can ever show something sensitive: by its name, its declaration, or what it nests. */
export const mayHoldSensitive = (field: FieldDeclaration) =>
  field.audited === true || (field.audited !== false && !neverSensitiveKinds.has(field.kind));

// Ids, instants, flags and enum values identify no one; a deployment's sensitive names are identifiers, dates, text or numbers.
const neverSensitiveKinds: ReadonlySet<FieldDeclaration["kind"]> = new Set([
  "uuid",
  "identifier",
  "datetime",
  "boolean",
  "enum",
  "reference",
]);

/** The field's selections in the query being answered. */
export const selectionsOf = (info: GraphQLResolveInfo): SelectionSetNode[] =>
  info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
