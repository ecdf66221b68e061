import { calendarFromEnv, systemClock, type Clock, type Logger } from "@pap/core";
import type { BackgroundWork } from "@pap/kernel/domain";
import { buffer } from "node:stream/consumers";
import { Prisma } from "@pap/db";
import type { ContentStore } from "@pap/content";
import { eventRecorder, newTraceparent, serialized, type DomainServices } from "@pap/events";
import type { NoticeSettings } from "../config/settings";
import { noticeEvents } from "../domain/notice-events";
import type { NoticeLanguage } from "../domain/vocabulary";
import { recordAttempt, type AttemptOutcome } from "../operations/deliveries";
import { documentVersionIdFor } from "../operations/ids";
import type { Mailer } from "./mailer";

type ClaimedCopy = { id: string; noticeId: string; destination: { email?: string }; attempts: number };

/** How long a claimed email copy is held by the process sending it before another may take it over. */
const LEASE_MS = 60_000;
const BATCH = 10;

const QUEUED = noticeEvents.draft("notice.queued", "").type;
const RESENT = noticeEvents.draft("notice.resent", "").type;

/**
 * The email outbox: every pending email copy that is due is claimed by one process under a lease
 * (`FOR UPDATE SKIP LOCKED`, so any number of processes share the work), sent outside any
 * transaction, and its attempt recorded in a transaction of its own with the notice's events. A
 * process that dies mid-send leaves the lease to run out and the copy is claimed again; an attempt is
 * recorded only on a copy still pending, so a copy is recorded sent once. Wakes when a notice is queued
 * anywhere (the log's `notice.queued`), at the next due retry, and every few seconds.
 */
export function startEmailOutbox(
  services: DomainServices,
  deps: { mailer: Mailer; store: ContentStore; settings: NoticeSettings },
  options: { clock?: Clock; logger?: Logger; pollIntervalMs?: number } = {},
): BackgroundWork & { kick(): void } {
  const clock = options.clock ?? systemClock;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const { db } = services;
  const calendar = services.eventRuntime.settings.calendar ?? calendarFromEnv();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let sleeper: NodeJS.Timeout | undefined;

  const claim = (room: number) => {
    const now = clock.now();
    return db.$queryRaw<ClaimedCopy[]>(Prisma.sql`
      UPDATE communication_delivery d SET "leaseUntil" = ${new Date(now.getTime() + LEASE_MS)}, attempts = d.attempts + 1
      FROM (SELECT id FROM communication_delivery
            WHERE status = 'pending' AND channel = 'email' AND "nextAttemptAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now})
            ORDER BY "nextAttemptAt" LIMIT ${room} FOR UPDATE SKIP LOCKED) due
      WHERE d.id = due.id RETURNING d.id, d."noticeId", d.destination, d.attempts`);
  };

  const record = (copy: ClaimedCopy, outcome: AttemptOutcome) =>
    services.eventRuntime.transaction((tx) =>
      recordAttempt(
        {
          tx,
          events: eventRecorder(services.eventRuntime.settings, { authid: "system", authtype: "system", traceparent: newTraceparent() }),
          clock,
          calendar,
          jurisdiction: services.jurisdiction,
        },
        copy.id,
        outcome,
        deps.settings.maxAttempts,
      ),
    );

  const send = async (copy: ClaimedCopy): Promise<void> => {
    try {
      const notice = await db.notice.findUnique({ where: { id: copy.noticeId } });
      const document = notice?.documentId
        ? await db.document.findUnique({ where: { id: notice.documentId }, select: { title: true } })
        : null;
      const bytes = notice ? await deps.store.open(documentVersionIdFor(notice.id)) : undefined;
      if (!notice || !bytes || !copy.destination.email) {
        await record(copy, { outcome: "failed", detail: "the notice's rendered document is no longer stored", retryable: false });
        return;
      }
      const result = await deps.mailer.send({
        deliveryId: copy.id,
        to: copy.destination.email,
        subject: document?.title ?? notice.type,
        language: notice.language as NoticeLanguage,
        fileName: `${notice.type}.pdf`,
        pdf: await buffer(bytes),
      });
      await record(
        copy,
        result.ok ? { outcome: "sent", detail: result.detail } : { outcome: "failed", detail: result.detail, retryable: result.retryable },
      );
    } catch (error) {
      // A fault of our own (the database, the store): the lease runs out and the copy is claimed again.
      options.logger?.warn(
        { err: error, deliveryId: copy.id },
        "sending a notice copy failed; it will be claimed again when its lease runs out",
      );
    }
  };

  const round = serialized(async () => {
    if (stopped) return;
    try {
      for (;;) {
        const room = BATCH - inFlight.size;
        if (room <= 0) return;
        const copies = await claim(room);
        for (const copy of copies) {
          const running: Promise<void> = send(copy).finally(() => {
            inFlight.delete(running);
            kick();
          });
          inFlight.add(running);
        }
        if (copies.length < room) return;
      }
    } catch (error) {
      options.logger?.warn({ err: error }, "claiming due notice copies failed; trying again shortly");
    } finally {
      arm();
    }
  });

  function arm() {
    if (stopped) return;
    if (sleeper) clearTimeout(sleeper);
    sleeper = setTimeout(kick, pollIntervalMs);
    sleeper.unref();
  }

  function kick() {
    if (!stopped) void round.run();
  }

  const anyDue = async () => {
    const now = clock.now();
    const [row] = await db.$queryRaw<Array<{ due: number }>>`
      SELECT 1 AS due FROM communication_delivery WHERE status = 'pending' AND channel = 'email' AND "nextAttemptAt" <= ${now}
        AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now}) LIMIT 1`;
    return Boolean(row);
  };

  const stopListening = services.eventRuntime.hub.onAdvance((_head, events) => {
    if (events.some((event) => event.event.type.endsWith(QUEUED) || event.event.type.endsWith(RESENT))) kick();
  });
  kick();

  return {
    kick,
    get done() {
      return (async () => {
        for (;;) {
          await round.run();
          if (inFlight.size === 0 && !(await anyDue())) return;
          if (inFlight.size) await Promise.race(inFlight);
        }
      })();
    },
    async stop() {
      stopped = true;
      stopListening();
      if (sleeper) clearTimeout(sleeper);
      await round.current();
      await Promise.all(inFlight);
      deps.mailer.close();
    },
  };
}
