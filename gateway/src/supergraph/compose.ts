import { composeServices } from "@apollo/composition";
import { printSubgraphSchema } from "@apollo/subgraph";
import { parse } from "graphql";
import type { PlatformSubgraph } from "../subgraphs";

/** Placeholder routing URL; the gateway decides at start whether a subgraph is in-process or remote. */
export const subgraphUrl = (name: string) => `http://${name}.subgraph.invalid/graphql`;

/** Composes the supergraph from the subgraphs' own schemas; throws with every composition error. */
export function composeSupergraph(subgraphs: readonly PlatformSubgraph[]): string {
  const result = composeServices(
    subgraphs.map((subgraph) => ({
      name: subgraph.name,
      url: subgraphUrl(subgraph.name),
      typeDefs: parse(printSubgraphSchema(subgraph.schema)),
    })),
  );
  if (result.errors?.length || !result.supergraphSdl) {
    throw new Error(`Supergraph composition failed:\n${(result.errors ?? []).map((error) => `  - ${error.message}`).join("\n")}`);
  }
  return result.supergraphSdl;
}
