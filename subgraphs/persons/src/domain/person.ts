import type { PersonAttributes } from "../contract/person";

/**
 * Name columns mirror `name.firstName` / `name.lastName` of the free-form attributes so that lists
 * sort and search by name through an index rather than by scanning JSON.
 */
export function nameColumns(attributes: PersonAttributes): { firstName: string | null; lastName: string | null } {
  const name = attributes.name;
  const part = (key: string) => {
    if (name === null || typeof name !== "object") return null;
    const value = (name as Record<string, unknown>)[key];
    return typeof value === "string" ? value : null;
  };
  return { firstName: part("firstName"), lastName: part("lastName") };
}
