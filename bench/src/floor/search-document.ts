import path from "node:path";
import { searchIndexOf, type SearchIndex } from "@pap/events";
import type pg from "pg";

type PersonsContract = { personsDomain: { search?: Parameters<typeof searchIndexOf>[0] } };

/**
 * The platform keeps each person's cross-resource search document current in the transaction of every
 * write that records an event about it. The floor's create does the same: the statement is the one
 * the platform runs, derived from the persons domain's own projection (loaded from its build by path,
 * as the floor's bench package does not depend on the domain), sent through `pg`.
 */
export function personSearchDocuments(repositoryRoot: string): { refresh(client: pg.PoolClient, event: { type: string; subject: string }): Promise<void> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const contract = require(path.join(repositoryRoot, "subgraphs", "persons", "dist", "contract", "index.js")) as PersonsContract;
  const index: SearchIndex = searchIndexOf(contract.personsDomain.search ?? []);
  return {
    async refresh(client, event) {
      const tx = {
        $executeRaw: async (statement: { text: string; values: unknown[] }) => (await client.query(statement.text, statement.values)).rowCount ?? 0,
        $queryRaw: () => Promise.reject(new Error("the floor's search refresh only executes")),
      };
      await index.refresh(tx as unknown as Parameters<SearchIndex["refresh"]>[0], [event as Parameters<SearchIndex["refresh"]>[1][number]], "");
    },
  };
}
