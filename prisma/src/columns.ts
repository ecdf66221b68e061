import { getDatamodel } from "../generated/pothos-types";

/** Column types the driver returns as Prisma does (text, booleans, numbers, instants; enums as their text). */
const plainTypes = new Set(["String", "Boolean", "Int", "Float", "DateTime"]);

/**
 * A model's plain columns under their own names: one value each, of a type the driver reads as Prisma
 * does, not renamed. The driver's list path filters and orders by these alone (`listThroughDriver`);
 * a condition on any other column (JSON, arrays, relations) stays with Prisma.
 */
export function plainColumnsOf(model: string): ReadonlySet<string> {
  const found = getDatamodel().datamodel.models[model as keyof ReturnType<typeof getDatamodel>["datamodel"]["models"]];
  if (!found) throw new Error(`no model '${model}'`);
  const fields = found.fields as readonly { name: string; kind: string; type: string; isList: boolean; dbName?: string | null }[];
  return new Set(
    fields
      .filter(
        (field) => (field.kind === "enum" || (field.kind === "scalar" && plainTypes.has(field.type))) && !field.isList && !field.dbName,
      )
      .map((field) => field.name),
  );
}
