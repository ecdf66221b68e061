import type { z } from "zod";
import { z as zod } from "zod";

type JsonSchema = Record<string, unknown>;
export type SchemaRef = { $ref: string };

/** Formats whose regular expression zod writes out beside them: the format already says it, to a generator and a reader alike. */
const formatsThatSayIt = new Set(["date-time", "date", "uuid", "email"]);

/**
 * A schema as a component holds it: no `$schema` (the document's dialect governs), and no pattern
 * that only spells out the format standing beside it.
 */
function cleaned(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleaned);
  if (typeof schema !== "object" || schema === null) return schema;
  const own = schema as JsonSchema;
  const dropPattern = typeof own.format === "string" && formatsThatSayIt.has(own.format);
  return Object.fromEntries(
    Object.entries(own)
      .filter(([key]) => key !== "$schema" && !(key === "pattern" && dropPattern))
      .map(([key, value]) => [key, cleaned(value)]),
  );
}

export const toJsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema =>
  cleaned(zod.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" })) as JsonSchema;

/**
 * The document's named schemas (`components.schemas`), each operation referring to them by `$ref` so a
 * client generator gives every resource, body and answer a type of its own. A name asked for twice
 * with different content goes to the second asker's own fallback name, so no schema is ever shadowed.
 */
export class SchemaComponents {
  private readonly schemas: Record<string, JsonSchema> = {};
  private readonly texts = new Map<string, string>();

  /** Names `schema` (preferring `name`, else `fallback`), and answers the reference to it. */
  add(schema: JsonSchema, name: string, fallback: string): SchemaRef {
    const text = JSON.stringify(schema);
    for (const candidate of [name, fallback]) {
      const held = this.texts.get(candidate);
      if (held === undefined) {
        this.schemas[candidate] = schema;
        this.texts.set(candidate, text);
      }
      if (held === undefined || held === text) return { $ref: `#/components/schemas/${candidate}` };
    }
    for (let n = 2; ; n++) if (!this.texts.has(`${fallback}${n}`)) return this.add(schema, `${fallback}${n}`, `${fallback}${n}`);
  }

  zod(schema: z.ZodType, io: "input" | "output", name: string, fallback: string): SchemaRef {
    return this.add(toJsonSchema(schema, io), name, fallback);
  }

  all(): Record<string, JsonSchema> {
    return this.schemas;
  }
}

/** `createApplication` → `CreateApplication`: an operation's name as a type's. */
export const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);
