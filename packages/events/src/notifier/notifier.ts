/**
 * Tells this process that events may have been committed (by any process). It carries no events:
 * the hub reads them from the log, which stays the only source of truth, so a lost wake-up costs
 * latency (the hub also polls) but never an event. PostgreSQL LISTEN/NOTIFY is the default; a broker
 * such as NATS JetStream fits the same shape.
 */
export interface CommitNotifier {
  /** Begins calling `onCommit` on every wake-up until closed. */
  start(onCommit: () => void): Promise<void>;
  close(): Promise<void>;
}
