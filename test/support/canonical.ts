import { Kind, parse, print, visit, type ASTNode } from "graphql";

/**
 * The public contract with what clients cannot observe taken out: the order of an object's keys, of
 * the names in a JSON Schema `required` list, of a type's fields and of the schema's definitions.
 * Goldens are held in this form, so a resource declared in another order compares equal.
 */
export function canonicalJson(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalJson(item));
    return key === "required" && items.every((item) => typeof item === "string") ? [...items].sort() : items;
  }
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonicalJson((value as Record<string, unknown>)[name], name)]),
  );
}

const byName = (a: { name?: { value: string } }, b: { name?: { value: string } }) =>
  (a.name?.value ?? "").localeCompare(b.name?.value ?? "");

/** The SDL with definitions and their fields, arguments and input fields in name order (directives and enum values untouched). */
export function canonicalSdl(sdl: string): string {
  const document = parse(sdl);
  const sorted = visit(document, {
    enter(node: ASTNode) {
      if (
        node.kind === Kind.OBJECT_TYPE_DEFINITION ||
        node.kind === Kind.INTERFACE_TYPE_DEFINITION ||
        node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION
      ) {
        return { ...node, fields: [...(node.fields ?? [])].sort(byName) };
      }
      if (node.kind === Kind.FIELD_DEFINITION) return { ...node, arguments: [...(node.arguments ?? [])].sort(byName) };
      return undefined;
    },
  });
  const keyOf = (definition: (typeof sorted.definitions)[number]) =>
    `${definition.kind}:${"name" in definition ? (definition.name?.value ?? "") : ""}`;
  const definitions = [...sorted.definitions].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  return `${print({ ...sorted, definitions })}\n`;
}
