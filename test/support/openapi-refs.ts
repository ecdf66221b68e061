/**
 * An OpenAPI document with every local `$ref` (`#/components/...`) replaced by what it points to, for
 * readers that walk schemas as plain trees (the fuzzer). The platform's components never refer to
 * themselves, so the result is finite; a cycle is refused rather than followed forever.
 */
export function dereferenced<T>(document: T): T {
  const root = document as unknown as Record<string, unknown>;
  const target = (ref: string): unknown =>
    ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], root);
  const walk = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (typeof node !== "object" || node === null) return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === "string" && $ref.startsWith("#/")) {
      if (seen.includes($ref)) throw new Error(`the document refers to ${$ref} from within itself`);
      return { ...(walk(target($ref), [...seen, $ref]) as object), ...(walk(rest, seen) as object) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, seen)]));
  };
  return walk(document, []) as T;
}
