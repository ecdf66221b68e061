import { operationRequirements } from "@pap/kernel";
import { subgraphs } from "./subgraphs";

/** What each root field of the platform requires of its caller, for rest-compat's early check. */
export const platformRequirements = operationRequirements(subgraphs);
