import { existsSync, readFileSync } from "node:fs";
import { readSetting } from "@pap/core";
import { subgraphs } from "../subgraphs";
import { composeSupergraph } from "./compose";
import { supergraphPath } from "./location";

/**
 * The supergraph written by the build. When it is missing (sources run without a build, as in a
 * quick test run), or SUPERGRAPH_COMPOSE_AT_START=true, it is composed in memory from the same subgraphs.
 */
export function loadSupergraph(): string {
  if (readSetting("SUPERGRAPH_COMPOSE_AT_START") || !existsSync(supergraphPath)) return composeSupergraph(subgraphs);
  return readFileSync(supergraphPath, "utf8");
}
