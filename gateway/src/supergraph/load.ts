import { existsSync, readFileSync } from "node:fs";
import { readSetting } from "@pap/core";
import { subgraphs } from "../subgraphs";
import { composeSupergraph } from "./compose";
import { supergraphPath } from "./location";

/**
 * The supergraph written by the build. When it is missing (sources run without a build, as in a
 * quick test run), or SUPERGRAPH_COMPOSE_AT_START=true, it is composed in memory from the same
 * subgraphs; so it is when a deployment file is named (PLATFORM_CONFIG), since the build's is the
 * built-in configuration's and a deployment's SLA types are values of the graph's SlaTypeCode enum.
 */
export function loadSupergraph(): string {
  if (readSetting("SUPERGRAPH_COMPOSE_AT_START") || readSetting("PLATFORM_CONFIG") || !existsSync(supergraphPath))
    return composeSupergraph(subgraphs);
  return readFileSync(supergraphPath, "utf8");
}
