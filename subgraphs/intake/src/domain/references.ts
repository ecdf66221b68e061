import type { ReferenceRule, ReferenceTarget } from "../contract/records";

/** The ids on one application that a record's references may name, by what they are. */
export type KnownIds = (target: ReferenceTarget) => Promise<ReadonlySet<string>>;

type Found = { at: string; value: unknown };

/** The values at a rule's path in a body (`dependents[]` walks the list), each with where it was. */
function valuesAt(body: unknown, path: string): Found[] {
  let found: Found[] = [{ at: "", value: body }];
  for (const step of path ? path.split(".") : []) {
    const list = step.endsWith("[]");
    const key = list ? step.slice(0, -2) : step;
    found = found.flatMap(({ at, value }) => {
      const inner = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
      const here = at ? `${at}.${key}` : key;
      if (inner === undefined || inner === null) return [];
      return list
        ? Array.isArray(inner)
          ? inner.map((item, index) => ({ at: `${here}[${index}]`, value: item }))
          : []
        : [{ at: here, value: inner }];
    });
  }
  return found;
}

const article = (target: ReferenceTarget) =>
  target === "organization" ? "an organization" : target === "healthPlan" ? "a health plan" : `a ${target}`;

/**
 * What in a body names something that is not on the same application, as 422 details: a PersonRef
 * that is no member or contact of it, an id that is none of its records of that kind.
 */
export async function referenceProblems(
  body: Record<string, unknown>,
  rules: readonly ReferenceRule[],
  known: KnownIds,
): Promise<{ field: string; message: string }[]> {
  const problems: { field: string; message: string }[] = [];
  const check = async (field: string, target: ReferenceTarget, id: unknown) => {
    if (typeof id === "string" && !(await known(target)).has(id.toLowerCase()))
      problems.push({ field, message: `must name ${article(target)} of this application` });
  };
  for (const rule of rules) {
    for (const { at, value } of valuesAt(body, rule.path)) {
      if (rule.kind === "id") await check(at, rule.target, value);
      else if (value && typeof value === "object") {
        const ref = value as Record<string, unknown>;
        const idField = rule.kind === "typed" ? rule.idField : "id";
        const target = ref.type;
        if (target === "member" || target === "contact" || (target === "organization" && rule.kind !== "person"))
          await check(at ? `${at}.${idField}` : idField, target, ref[idField]);
      }
    }
  }
  return problems;
}
