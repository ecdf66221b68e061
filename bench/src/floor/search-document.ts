import path from "node:path";
import { searchIndexOf, type SearchIndex } from "@pap/events";
import type pg from "pg";
import { sqlOn } from "./event-log";

type Refresh = Parameters<SearchIndex["refresh"]>;

/**
 * The platform keeps each person's cross-resource search document current in the transaction of every
 * write that records an event about it. The floor's create does the same, with the statement the
 * platform runs, derived from the persons domain's own projection (loaded from its build by path, as
 * bench does not depend on the domain), sent through `pg`.
 */
export function personSearchDocuments(repositoryRoot: string): {
  refresh(client: pg.PoolClient, event: { type: string; subject: string }): Promise<unknown>;
} {
  const contract = require(path.join(repositoryRoot, "subgraphs", "persons", "dist", "contract", "index.js")) as {
    personsDomain: { search?: Parameters<typeof searchIndexOf>[0] };
  };
  const index = searchIndexOf(contract.personsDomain.search ?? []);
  return { refresh: (client, event) => index.refresh(sqlOn(client) as unknown as Refresh[0], [event as Refresh[1][number]], "") };
}
