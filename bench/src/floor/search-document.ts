import path from "node:path";
import { searchIndexOf, type SearchIndex } from "@pap/events";
import type pg from "pg";
import { sqlOn } from "./event-log";

type Refresh = Parameters<SearchIndex["refresh"]>;

/** The search document the platform writes with every person event, by the statement its persons domain's projection derives. */
export function personSearchDocuments(repositoryRoot: string): {
  refresh(client: pg.PoolClient, event: { type: string; subject: string }): Promise<unknown>;
} {
  const contract = require(path.join(repositoryRoot, "subgraphs", "persons", "dist", "contract", "index.js")) as {
    personsDomain: { search?: Parameters<typeof searchIndexOf>[0] };
  };
  const index = searchIndexOf(contract.personsDomain.search ?? []);
  return { refresh: (client, event) => index.refresh(sqlOn(client) as unknown as Refresh[0], [event as Refresh[1][number]], "") };
}
