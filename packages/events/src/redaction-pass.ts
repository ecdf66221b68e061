import type { Logger } from "@pap/core";
import type { PrismaClient } from "@pap/db";

/** Events looked at per transaction: a pass never holds many row locks, nor the log, for long. */
const REDACTION_BATCH = 500;

/** The sensitive fields whose values the log may still hold: named now, not yet cleared from past events. */
export async function fieldsToRedact(db: PrismaClient, names: ReadonlySet<string>): Promise<string[]> {
  const cleared = new Set((await db.redactedField.findMany({ select: { name: true } })).map((found) => found.name));
  return [...names].filter((name) => !cleared.has(name)).sort();
}

/**
 * Clears the permanent log of the values of sensitive fields a deployment has added to
 * SENSITIVE_FIELDS since its events were recorded (new events never hold them: redaction.ts). Each
 * event's data is rewritten with those values as `[redacted]`, a batch per transaction, which names
 * the fields it clears: the log's append-only guard lets that rewrite through and nothing else. The
 * fields are then recorded as cleared, so a later start does not look again. Says which fields and how
 * many events it cleared.
 */
export async function redactEventLog(
  db: PrismaClient,
  names: ReadonlySet<string>,
  batch = REDACTION_BATCH,
): Promise<{ fields: string[]; events: number }> {
  const fields = await fieldsToRedact(db, names);
  if (fields.length === 0) return { fields, events: 0 };
  // A field's value is in an event only where its name is: the text test spares the rewrite elsewhere.
  const mentions = fields.map((name) => `%"${name.replace(/[\\%_]/g, (character) => `\\${character}`)}"%`);
  let after = "00000000-0000-0000-0000-000000000000";
  let events = 0;
  for (;;) {
    const step = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('pap.redacting', ${fields.join(",")}, true)`;
      const ids = (
        await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM platform_event WHERE id > ${after}::uuid ORDER BY id LIMIT ${batch}`
      ).map((row) => row.id);
      if (ids.length === 0) return undefined;
      const changed = await tx.$executeRaw`
        UPDATE platform_event SET data = pap_event_redacted(data, ${fields}::text[])
        WHERE id = ANY(${ids}::uuid[]) AND data::text LIKE ANY(${mentions}::text[])
          AND pap_event_redacted(data, ${fields}::text[]) IS DISTINCT FROM data`;
      return { last: ids[ids.length - 1]!, changed };
    });
    if (!step) break;
    events += step.changed;
    after = step.last;
  }
  await db.redactedField.createMany({ data: fields.map((name) => ({ name })), skipDuplicates: true });
  return { fields, events };
}

/** The pass beside serving, once at start: a failure is logged, and the next start tries again. */
export function keepEventLogRedacted(
  db: PrismaClient,
  names: ReadonlySet<string>,
  options: { logger?: Logger } = {},
): { done: Promise<void>; stop(): Promise<void> } {
  const done = redactEventLog(db, names).then(
    ({ fields, events }) => {
      if (fields.length > 0) options.logger?.info({ fields, events }, "the event log is cleared of newly sensitive fields' values");
    },
    (error: unknown) =>
      options.logger?.error({ err: error }, "clearing the event log of newly sensitive fields failed; the next start tries again"),
  );
  return { done, stop: () => done };
}
