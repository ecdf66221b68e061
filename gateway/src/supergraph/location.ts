import path from "node:path";

/** Written by the build (`compose-cli`), read at start: the gateway never composes at run time. */
export const supergraphPath = path.resolve(__dirname, "../../supergraph.graphql");

/** Written beside it: what each root field requires of its caller, read by a process that serves only REST. */
export const requirementsPath = path.resolve(__dirname, "../../operation-requirements.json");
