import { ApiError, sensitiveFieldsFromEnv } from "@pap/core";
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

let sealed: { setting: string | undefined; fields: ReadonlySet<string> } | undefined;

/** The fields stored sealed (SENSITIVE_FIELDS with `ssn` and `dateOfBirth`), read again only when the setting changes. */
function sealedFields(): ReadonlySet<string> {
  const setting = process.env.SENSITIVE_FIELDS;
  const current = sealed && sealed.setting === setting ? sealed : { setting, fields: sensitiveFieldsFromEnv() };
  sealed = current;
  return current.fields;
}

/**
 * A sensitive field is stored sealed (each value encrypted with a key of its own), so the database
 * cannot compare or order it: a list refuses to filter or sort on it, rather than find nothing.
 */
export const sealedFieldRefused = (name: string) =>
  new ApiError(400, "INVALID_QUERY", `'${name}' is stored encrypted: lists cannot filter or sort on it.`, [
    { field: "q", message: `'${name}' holds a sensitive value, stored encrypted; filter on another field` },
  ]);

function refuseSealed(name: string, def?: FieldDef): void {
  const fields = sealedFields();
  const segments = [...name.split("."), ...(def?.column ? [def.column] : []), ...(def?.path ?? [])];
  if (segments.some((segment) => fields.has(segment))) throw sealedFieldRefused(name);
}

/** Where a public field lives: a declared field, else a path inside the free-form column, else nowhere. */
export function lookupField(spec: ListSpec, name: string): ResolvedField | undefined {
  const def = declaredField(spec, name);
  if (def || (spec.freeForm && FIELD_NAME_PATTERN.test(name))) refuseSealed(name, def);
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
