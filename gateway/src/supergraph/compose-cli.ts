import { writeFileSync } from "node:fs";
import { subgraphs } from "../subgraphs";
import { requirementsTable } from "@pap/kernel/auth";
import { composeSupergraph } from "./compose";
import { requirementsPath, supergraphPath } from "./location";

// Build step: a composition error fails `npm run build` (and so `npm start` and `npm test`).
try {
  writeFileSync(supergraphPath, composeSupergraph(subgraphs));
  writeFileSync(requirementsPath, `${JSON.stringify(requirementsTable(subgraphs), null, 2)}\n`);
  console.log(`supergraph composed from ${subgraphs.map((subgraph) => subgraph.name).join(", ")} → ${supergraphPath}`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
