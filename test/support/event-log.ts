/** Reading the platform's event log through its REST list (`GET /platform/events`), as a client reads it. */
import { listPath } from "./expectations";

/** What reading the log needs of a test client (`httpClient` in platform.ts). */
type LogReader = { get(path: string): Promise<{ status: number; body?: any }> };

/** The list filters and paging of `GET /platform/events` a test narrows the log with. */
export type EventFilter = { subject?: string; type?: string; source?: string; sort?: string; limit?: number };

/** Where the event log is served unless a deployment's PLATFORM_BASE_PATH moves it. */
const EVENTS = "/platform/events";

/** One page of the log matching `filter` (by default the first 100 in the log's default order); fails unless the log answers 200. */
export async function eventPage(
  api: LogReader,
  filter: EventFilter,
  events = EVENTS,
): Promise<{ items: any[]; total: number; hasNext: boolean }> {
  const path = listPath(events, { ...filter, limit: filter.limit ?? 100 });
  const response = await api.get(path);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The logged events matching `filter` (at most `limit`, by default 100). */
export const eventsMatching = async (api: LogReader, filter: EventFilter, events = EVENTS): Promise<any[]> =>
  (await eventPage(api, filter, events)).items;

/** The logged events about `subject` (of `type`, when given). */
export const eventsOf = (api: LogReader, subject: string, type?: string): Promise<any[]> => eventsMatching(api, { subject, type });
