import { searchTypes } from "@pap/kernel";
import { z } from "zod";

/** The answer of `GET /platform/search` (resources.md §10), for the OpenAPI document. */
export const searchResultsBody = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      type: z.enum(searchTypes),
      title: z.string(),
      url: z.url(),
      score: z.number().min(0).max(1).optional().describe("Relevance (1: the title is the query); absent without a query."),
      attributes: z.array(z.object({ field: z.string(), label: z.string().optional(), value: z.string(), type: z.enum(["string", "date", "currency"]) })),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  total: z.number().int().min(0).describe("Every match the caller may read: the sum of the facets."),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
  facets: z.array(z.object({ type: z.enum(searchTypes), count: z.number().int().min(0) })),
});

/** The selection the REST route asks of the graph's `search`. */
export const SEARCH_SELECTION = "items { id type title url score attributes { field label value type } createdAt updatedAt } total limit offset hasNext facets { type count }";

/** `types` as a query string gives it: repeated, comma-separated, or both. */
export function typesFromQuery(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((entry) => (typeof entry === "string" ? entry.split(",") : [])).filter((entry) => entry.trim() !== "");
}

type GraphHit = { score: number | null; attributes: { label: string | null }[] } & Record<string, unknown>;

/** Fields with nothing to say (no score without a query, an attribute without a label) are left out rather than written null. */
export const searchHitToRest = (hit: GraphHit) => {
  const { score, attributes, ...rest } = hit;
  return {
    ...rest,
    ...(score !== null && { score }),
    attributes: attributes.map(({ label, ...attribute }) => ({ ...attribute, ...(label !== null && { label }) })),
  };
};
