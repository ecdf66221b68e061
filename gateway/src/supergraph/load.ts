import { existsSync, readFileSync } from "node:fs";
import { subgraphs } from "../subgraphs";
import { composeSupergraph } from "./compose";
import { supergraphPath } from "./location";

/**
 * The build's supergraph. Tests run from sources without a build step in between, so when the file
 * is missing or older than nothing can tell, composing in memory gives the same result.
 */
export function loadSupergraph(): string {
  if (process.env.SUPERGRAPH_COMPOSE_AT_START === "true" || !existsSync(supergraphPath)) return composeSupergraph(subgraphs);
  return readFileSync(supergraphPath, "utf8");
}
