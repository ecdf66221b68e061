import { searchTypes } from "@pap/kernel/search";
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
      attributes: z.array(
        z.object({ field: z.string(), label: z.string().optional(), value: z.string(), type: z.enum(["string", "date", "currency"]) }),
      ),
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

/** `types` as a query string gives it: repeated, comma-separated, or both. */
export function typesFromQuery(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((entry) => (typeof entry === "string" ? entry.split(",") : [])).filter((entry) => entry.trim() !== "");
}

type GraphAttribute = { field: string; label: string | null; value: string; type: string };
/** A result as the REST route selects it (the fields of `searchResultsBody`). */
type GraphHit = {
  id: string;
  type: string;
  title: string;
  url: string;
  score: number | null;
  attributes: GraphAttribute[];
  createdAt: string;
  updatedAt: string;
};

/**
 * Fields with nothing to say (no score without a query, an attribute without a label) are left out
 * rather than written null. Every result of every search passes through here: objects are written
 * out field by field (spreads of rest objects cost about a tenth of a search's time in the process).
 */
export const searchHitToRest = (hit: GraphHit) => {
  const attributes = new Array<Omit<GraphAttribute, "label"> & { label?: string }>(hit.attributes.length);
  for (let i = 0; i < attributes.length; i++) {
    const { field, label, value, type } = hit.attributes[i]!;
    attributes[i] = label === null ? { field, value, type } : { field, label, value, type };
  }
  const { id, type, title, url, score, createdAt, updatedAt } = hit;
  return score === null
    ? { id, type, title, url, attributes, createdAt, updatedAt }
    : { id, type, title, url, score, attributes, createdAt, updatedAt };
};
