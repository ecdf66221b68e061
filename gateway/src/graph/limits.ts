import { queryLimitsRule, relationSizesOf, type QueryLimits } from "@pap/kernel/graphql";
import { subgraphs } from "../subgraphs";

/**
 * The gateway's validation rule for the query limits, with the relation sizes every domain declares
 * on its relation fields (a case's members, a person's tasks), read from the subgraph schemas.
 */
let relationSizes: Record<string, number> | undefined;

export function platformLimitsRule(limits: QueryLimits) {
  relationSizes ??= Object.assign({}, ...subgraphs.map((subgraph) => relationSizesOf(subgraph.schema)));
  return queryLimitsRule(limits, relationSizes);
}
