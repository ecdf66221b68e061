import type { Prisma } from "@pap/db";
import type { EventRecorder } from "@pap/events";
import type { Clock } from "@pap/kernel";
import type { EligibilityContext } from "../context";

/** What an eligibility write needs, whether a request or a reaction makes it: one transaction, its event recorder, the clock. */
export type EligibilityWork = { tx: Prisma.TransactionClient; events: EventRecorder; clock: Clock };

/** Runs a request's write in one transaction with its events. */
export function inTransaction<T>(context: EligibilityContext, write: (work: EligibilityWork) => Promise<T>): Promise<T> {
  return context.transaction((tx) => write({ tx, events: context.events, clock: context.clock }));
}
