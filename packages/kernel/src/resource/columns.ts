import { kinds } from "./kinds";
import { columnOf, type Fields } from "./declaration";

/**
 * The fields a validated body names, as the columns that store them: each under its column, instants
 * and dates as the Dates Prisma stores. Nested records and values written in another shape than they
 * are stored (a user's roles by name) are the domain's to store, so they are left to it; so is every
 * default, which the Prisma schema or the domain's rules give.
 */
export function columnsOf(fields: Fields, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) => {
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (!field || value === undefined || field.visibility === "input" || field.kind === "object" || field.inputAs) return [];
      const toColumn = kinds[field.kind].toColumn;
      return [[columnOf(name, field), typeof value === "string" && toColumn ? toColumn(value) : value]];
    }),
  );
}
