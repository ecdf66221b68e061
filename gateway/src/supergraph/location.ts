import path from "node:path";

/** Written by the build (`compose-cli`), read at start: the gateway never composes at run time. */
export const supergraphPath = path.resolve(__dirname, "../../supergraph.graphql");
