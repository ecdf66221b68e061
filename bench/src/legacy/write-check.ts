import type pg from "pg";
import { sleep } from "./server-process";

/** Persons, their creation events and their search documents, as counted in the database. */
export type WriteTally = { persons: number; createdEvents: number; documents: number };

export async function tallyWrites(db: pg.Client): Promise<WriteTally> {
  const { rows } = await db.query<WriteTally>(
    `SELECT (SELECT count(*)::int FROM person) AS persons,
       (SELECT count(*)::int FROM platform_event WHERE type LIKE '%persons.person.created') AS "createdEvents",
       (SELECT count(*)::int FROM search_document WHERE type = 'person') AS documents`,
  );
  return rows[0]!;
}

/**
 * After a create cell: every person answered 201 is stored, each new person has its creation event
 * and its search document (they commit together or not at all), and every event has been given its
 * log position. A server
 * that answered 201 without writing, or wrote the person without its event, fails here however fast it was.
 */
export async function checkWrites(db: pg.Client, before: WriteTally, answered: number): Promise<void> {
  // Numbering happens after commit; a few seconds is ample once the load has stopped.
  const deadline = Date.now() + 10_000;
  let unnumbered = 0;
  do {
    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM platform_event WHERE position IS NULL`);
    unnumbered = rows[0]!.count;
    if (unnumbered) await sleep(200);
  } while (unnumbered && Date.now() < deadline);
  if (unnumbered) throw new Error(`${unnumbered} events still have no log position 10 s after the load`);
  const after = await tallyWrites(db);
  const persons = after.persons - before.persons;
  const events = after.createdEvents - before.createdEvents;
  if (persons !== events) throw new Error(`${persons} persons were created but ${events} creation events recorded`);
  const documents = after.documents - before.documents;
  if (persons !== documents) throw new Error(`${persons} persons were created but ${documents} search documents written`);
  // A request cut off when the load stopped may still have committed: more rows than 201s is fine, fewer is not.
  if (persons < answered) throw new Error(`${answered} creates answered 2xx but only ${persons} persons were stored`);
}

/** The tables whose records the platform keeps a search document of, by the document's type. */
const searchedTables: Record<string, string> = { person: "person", case: `"case"`, application: "intake_application", task: "workflow_task", appointment: "appointment" };

/**
 * Waits until every record has its search document. A platform started on rows written by SQL derives
 * their documents beside serving; a measurement taken meanwhile would share the machine with that
 * work, and a create cell would count its documents as the creates'. Returns the seconds it waited.
 */
export async function untilSearchDocumentsComplete(db: pg.Client, timeoutMs = 600_000): Promise<number> {
  const started = Date.now();
  const missing = Object.entries(searchedTables)
    .map(([type, table]) => `greatest(0, (SELECT count(*) FROM ${table}) - (SELECT count(*) FROM search_document WHERE type = '${type}'))`)
    .join(" + ");
  for (;;) {
    const { rows } = await db.query<{ missing: number }>(`SELECT (${missing})::int AS missing`);
    if (rows[0]!.missing === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) throw new Error(`${rows[0]!.missing} records still have no search document after ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}
