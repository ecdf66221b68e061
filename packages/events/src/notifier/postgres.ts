import pg from "pg";
import type { Logger } from "@pap/core";
import { EVENT_CHANNEL } from "../append";
import { changeFromPayload, type CommitNotifier, type LogChange } from "./notifier";

/**
 * LISTEN on a dedicated connection (a pooled one would drop the subscription). On a broken
 * connection it reconnects with backoff and wakes the hub once connected, to read what it missed.
 */
export class PostgresNotifier implements CommitNotifier {
  private client?: pg.Client;
  private closed = false;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly logger?: Logger,
  ) {}

  async start(onChange: (change: LogChange) => void): Promise<void> {
    await this.connect(onChange);
  }

  private async connect(onChange: (change: LogChange) => void, attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "pap-event-listener" });
    client.on("notification", (message) => onChange(changeFromPayload(message.payload)));
    client.on("error", (error) => {
      this.logger?.warn({ err: error }, "event listener connection failed; reconnecting");
      this.reconnect(onChange, 0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt === 0 && !this.client) throw error;
      this.reconnect(onChange, attempt + 1);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // Whatever happened while not listening is read (and numbered) now.
    onChange({ kind: "written" });
  }

  private reconnect(onChange: (change: LogChange) => void, attempt: number) {
    if (this.closed || this.retryTimer) return;
    const old = this.client;
    this.client = undefined;
    void old?.end().catch(() => {});
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        void this.connect(onChange, attempt + 1);
      },
      Math.min(100 * 2 ** attempt, 5000),
    );
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.client?.end().catch(() => {});
  }
}
