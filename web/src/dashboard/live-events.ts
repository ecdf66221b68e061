// The live event feed behind every panel: one `events` subscription over graphql-ws. When the socket
// drops, it connects again and subscribes from the position of the last event it received, so the
// platform replays whatever was committed meanwhile and nothing is missed or shown twice.
import { createClient, type Client } from "graphql-ws";
import { graphqlUrl } from "./api";
import { operations } from "./operations";

export type LiveEvent = {
  id: string;
  type: string;
  source: string;
  subject: string;
  time: string;
  position: string | null;
  traceid: string | null;
};

export type ConnectionState = "connecting" | "live" | "reconnecting" | "refused";

/** Positions are decimal strings that may outgrow a double: compare them as numbers of any size. */
const later = (a: string, b: string) => (a.length !== b.length ? a.length > b.length : a > b);

const firstRetryMs = 250;
const longestRetryMs = 5_000;
const rememberedIds = 5_000;

export class LiveEvents {
  private client: Client | null = null;
  private unsubscribe: (() => void) | null = null;
  private position: string | null;
  private retryMs = firstRetryMs;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Why the platform refused the subscription itself (a role without the event log): no use retrying. */
  private refusal: string | null = null;
  private readonly seen = new Set<string>();

  constructor(
    private readonly token: string,
    startAfter: string | null,
    private readonly onEvent: (event: LiveEvent) => void,
    private readonly onState: (state: ConnectionState, detail?: string) => void,
  ) {
    this.position = startAfter;
  }

  start(): void {
    this.connect("connecting");
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.close();
  }

  /** The position resumed from after a drop: the last event received. */
  get lastPosition(): string | null {
    return this.position;
  }

  private connect(state: ConnectionState): void {
    this.onState(state);
    const client = createClient({
      url: graphqlUrl().replace(/^http/, "ws"),
      // A browser cannot set headers on a WebSocket: the credential travels in the init payload.
      connectionParams: { authorization: `Bearer ${this.token}` },
      lazy: false,
      // Reconnecting is done here, so that the new subscription starts after the last event received.
      retryAttempts: 0,
      on: {
        connected: () => {
          this.retryMs = firstRetryMs;
          this.onState("live");
        },
      },
    });
    this.client = client;
    this.unsubscribe = client.subscribe<{ events: LiveEvent }>(
      { query: operations.live, variables: { after: this.position } },
      {
        next: (result) => {
          const event = result.data?.events;
          if (event) this.receive(event);
          else if (result.errors?.length) this.refusal = result.errors[0]!.message;
        },
        error: (error) => this.dropped(error),
        complete: () => this.dropped(null),
      },
    );
  }

  private receive(event: LiveEvent): void {
    if (event.position && (!this.position || later(event.position, this.position))) this.position = event.position;
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > rememberedIds) this.seen.delete(this.seen.values().next().value!);
    this.onEvent(event);
  }

  private dropped(error: unknown): void {
    this.close();
    if (this.stopped) return;
    if (this.refusal) {
      this.onState("refused", this.refusal);
      return;
    }
    const reason =
      error instanceof Error
        ? error.message
        : error && typeof error === "object" && "reason" in error
          ? String((error as { reason: unknown }).reason || "")
          : "";
    this.onState("reconnecting", reason || undefined);
    this.retryTimer = setTimeout(() => this.connect("reconnecting"), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, longestRetryMs);
  }

  private close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.client?.dispose();
    this.client = null;
  }
}
