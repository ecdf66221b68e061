/**
 * Tells this process that the log may have changed in any process: `w` when events were written and
 * need numbering, `s` when numbered events became readable. It carries no events: the hub reads them
 * from the log, which stays the only source of truth, so a lost wake-up costs latency (the hub also
 * polls) but never an event. PostgreSQL LISTEN/NOTIFY is the default; a broker such as NATS JetStream
 * fits the same shape.
 */
export type LogChange = "written" | "sequenced";

export interface CommitNotifier {
  /** Begins calling `onChange` on every wake-up until closed. */
  start(onChange: (change: LogChange) => void): Promise<void>;
  close(): Promise<void>;
}

/** The NOTIFY payloads of the `platform_events` channel. */
export const changeFromPayload = (payload: string | undefined): LogChange => (payload === "s" ? "sequenced" : "written");
