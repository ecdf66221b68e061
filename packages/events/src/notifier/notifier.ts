/**
 * Tells this process that the log may have changed in any process: `w` when events were written and
 * need numbering, `s` when numbered events became readable (through which position, when known). It
 * carries no events: the hub reads them from the log, which stays the only source of truth, so a lost
 * wake-up costs latency (the hub also polls) but never an event. PostgreSQL LISTEN/NOTIFY is the default; a broker such as NATS JetStream
 * fits the same shape.
 */
export type LogChange = { kind: "written" } | { kind: "sequenced"; through?: bigint };

export interface CommitNotifier {
  /** Begins calling `onChange` on every wake-up until closed. */
  start(onChange: (change: LogChange) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The NOTIFY payloads of the `platform_events` channel: `w`, or `s:<position>` with the newest position
 * the numbering made readable (a bare `s` from an older sequencer says only that something was numbered).
 */
export function changeFromPayload(payload: string | undefined): LogChange {
  if (!payload?.startsWith("s")) return { kind: "written" };
  const through = /^s:(\d{1,19})$/.exec(payload)?.[1];
  return through === undefined ? { kind: "sequenced" } : { kind: "sequenced", through: BigInt(through) };
}
