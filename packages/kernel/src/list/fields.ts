import type { FieldDef, FieldKind, ListSpec } from "./spec";

/** Public field names, for `q` and `sort` alike: identifiers joined by dots. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export const DEFAULT_TIE_BREAKER = "id";

/** A field with every default applied, so the compiler and the sorter never re-derive them. */
export type ResolvedField = {
  name: string;
  kind: FieldKind;
  column: string;
  path: readonly string[];
  values: readonly string[];
  nullable: boolean;
  relation?: { name: string; many: boolean };
  sortBy?: readonly string[];
  /** False for free-form JSON paths, which exist on the resource but were never declared. */
  declared: boolean;
};

/** The declared field, without falling for inherited names such as `constructor`. */
export function declaredField(spec: ListSpec, name: string): FieldDef | undefined {
  return Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
}

/** Where a public field lives: a declared field, else a path inside the free-form column, else nowhere. */
export function lookupField(spec: ListSpec, name: string): ResolvedField | undefined {
  const def = declaredField(spec, name);
  if (def) {
    return {
      name,
      kind: def.kind,
      column: def.column ?? name,
      path: def.path ?? [],
      values: def.values ?? [],
      nullable: def.nullable ?? false,
      ...(def.relation ? { relation: def.relation } : {}),
      ...(def.sortBy ? { sortBy: def.sortBy } : {}),
      declared: true,
    };
  }
  if (spec.freeForm && FIELD_NAME_PATTERN.test(name)) {
    return { name, kind: "json", column: spec.freeForm.column, path: name.split("."), values: [], nullable: false, declared: false };
  }
  return undefined;
}

export const tieBreakerOf = (spec: ListSpec): string => spec.tieBreaker ?? DEFAULT_TIE_BREAKER;
