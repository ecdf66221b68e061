/**
 * Sealing by field name, at any depth of a record, as the event log's redaction finds sensitive
 * fields: a person's `dateOfBirth`, a member's `personalInformation.ssn`, a sponsor's `ssn` column and
 * its `spouse.ssn` alike. Only plain objects and arrays are walked; anything else (dates, decimals,
 * buffers, Prisma's null markers) is a value as it is.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of `data` with the value of every field named in `fields` replaced by `seal(value)`; null
 * and undefined stay (they say "none", and hold nothing), and so do values sealed already. The
 * caller's objects are never changed: a write's input is often used again (its event's snapshot).
 */
export function sealFields(
  data: unknown,
  fields: ReadonlySet<string>,
  seal: (value: unknown) => string,
  isSealed: (value: unknown) => boolean,
): unknown {
  if (Array.isArray(data)) return data.map((item) => sealFields(item, fields, seal, isSealed));
  if (!isPlainObject(data)) return data;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!fields.has(key)) copy[key] = sealFields(value, fields, seal, isSealed);
    else copy[key] = value === null || value === undefined || isSealed(value) || !isSealable(value) ? value : seal(value);
  }
  return copy;
}

/** JSON values, and nothing a Prisma write means otherwise (`{ set: … }` aside, which no sensitive field is written with). */
const isSealable = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" || Array.isArray(value) || isPlainObject(value);

/**
 * `data` with every sealed string, wherever it is, replaced by its value. Rows come fresh from the
 * driver, so they are changed in place (no copy of every row read); `data` itself is returned.
 */
export function unsealFields<T>(data: T, isSealed: (value: unknown) => value is string, unseal: (sealed: string) => unknown): T {
  const visit = (node: unknown): unknown => {
    if (isSealed(node)) return unseal(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item = node[index];
        if (item !== null && typeof item === "object" ? true : isSealed(item)) node[index] = visit(item);
      }
      return node;
    }
    if (!isPlainObject(node)) return node;
    // for…in rather than Object.keys: every row read passes here, and a loop that allocates no key list is cheaper on the collector.
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key];
      if (value !== null && typeof value === "object" ? true : isSealed(value)) node[key] = visit(value);
    }
    return node;
  };
  return visit(data) as T;
}
