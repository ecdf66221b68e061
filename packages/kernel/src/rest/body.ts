import type { z } from "zod";
import { parseBody, requireObjectBody, serverSetFields, withoutReadOnlyFields } from "../validation";
import type { RestRequest } from "../domain/rest-route";

/**
 * How a write route reads its JSON body: an object (non-empty for a partial update), without the
 * fields the representation shows but the body cannot write (a client sending back what it read is
 * not refused for them), then checked by the body's schema. The fields to drop are worked out once.
 */
export function bodyReader(representation: z.ZodType, schema: z.ZodType, options: { nonEmpty: boolean }): (request: RestRequest) => unknown {
  const serverSet = serverSetFields(representation, schema);
  return (request) => parseBody(schema, withoutReadOnlyFields(requireObjectBody(request.body, options), serverSet));
}
