import { EVENT_CHANNEL } from "../append";
import { changeFromPayload, type CommitNotifier, type LogChange } from "./notifier";

/** The part of embedded PGlite used here (kept structural so this package does not load PGlite). */
export type ListeningDatabase = { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };

/** Embedded PGlite delivers NOTIFY to listeners in its own process. */
export class PgliteNotifier implements CommitNotifier {
  private unlisten?: () => Promise<void>;

  constructor(private readonly pglite: ListeningDatabase) {}

  async start(onChange: (change: LogChange) => void): Promise<void> {
    this.unlisten = await this.pglite.listen(EVENT_CHANNEL, (payload) => onChange(changeFromPayload(payload)));
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => {});
  }
}
