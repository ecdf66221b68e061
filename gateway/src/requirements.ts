import { existsSync, readFileSync } from "node:fs";
import { operationRequirements, requirementLookup, type RequirementLookup } from "@pap/kernel/auth";
import { requirementsPath } from "./supergraph/location";

let lookup: RequirementLookup | undefined;

/**
 * What each root field of the platform requires of its caller, for rest-compat's early check: read
 * from the table the build writes beside the supergraph, so a process serving only REST builds no
 * subgraph schema. Without a build (sources run directly) it is read off the subgraphs themselves.
 */
function load(): RequirementLookup {
  if (existsSync(requirementsPath)) return requirementLookup(JSON.parse(readFileSync(requirementsPath, "utf8")));
  // Loaded only here: importing the subgraphs builds every schema.
  const { subgraphs } = require("./subgraphs") as typeof import("./subgraphs");
  return operationRequirements(subgraphs);
}

export const platformRequirements: RequirementLookup = (operation, field) => (lookup ??= load())(operation, field);
