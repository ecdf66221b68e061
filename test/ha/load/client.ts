import { randomUUID } from "node:crypto";

/** An answer the platform acknowledged (2xx), and when and where. */
export type Acknowledged = { status: number; body: any; servedBy: string | null; at: number; latencyMs: number };

/** Every answer the load got, for the report: when it came, how long it took, whether it was a success. */
export type Sample = { at: number; latencyMs: number; ok: boolean; write: boolean };

export class LoadClient {
  readonly samples: Sample[] = [];
  /** Answers the platform must never give: a 4xx other than the expected refusals, or a 500 that is not an outage. */
  readonly surprises: string[] = [];
  private stopped = false;

  constructor(
    private readonly baseUrl: string,
    /** How long one operation may keep retrying through an outage before the run fails. */
    private readonly retryBudgetMs = 120_000,
  ) {}

  stop() {
    this.stopped = true;
  }

  get running() {
    return !this.stopped;
  }

  /**
   * Sends the request until the platform acknowledges it, as a careful client does: a POST carries one
   * Idempotency-Key for all its attempts, so a retry after a lost answer cannot do it twice. A refused
   * connection, a timeout, a 502/503/504 or a 500 during a fault, and 409 IDEMPOTENCY_KEY_IN_USE are
   * retried; any other answer is final.
   */
  async send(
    method: string,
    path: string,
    options: { body?: unknown; form?: () => FormData; headers: Record<string, string>; baseUrl?: string; expect?: number[] },
  ): Promise<Acknowledged> {
    const key = method === "POST" ? randomUUID() : undefined;
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const sentAt = Date.now();
      let status = 0;
      let detail = "";
      try {
        const response = await fetch(`${options.baseUrl ?? this.baseUrl}${path}`, {
          method,
          headers: {
            ...options.headers,
            ...(key && { "idempotency-key": key }),
            ...(options.body !== undefined && { "content-type": "application/json" }),
          },
          body: options.form ? options.form() : options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        const text = await response.text();
        const body = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
        const now = Date.now();
        const ok = status < 400 || (options.expect ?? []).includes(status);
        this.samples.push({ at: now, latencyMs: now - sentAt, ok, write: method !== "GET" });
        if (ok) return { status, body, servedBy: response.headers.get("x-served-by"), at: now, latencyMs: now - sentAt };
        detail = typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300);
        const retriable = status >= 500 || status === 429 || (status === 409 && body?.code === "IDEMPOTENCY_KEY_IN_USE");
        if (!retriable) {
          this.surprises.push(`${method} ${path} → ${status} ${detail}`);
          throw new Error(`${method} ${path} answered ${status}: ${detail}`);
        }
      } catch (error) {
        if (status && status < 500 && status !== 429 && status !== 409) throw error;
        detail ||= String((error as Error).cause ?? error);
        this.samples.push({ at: Date.now(), latencyMs: Date.now() - sentAt, ok: false, write: method !== "GET" });
      }
      if (Date.now() - started > this.retryBudgetMs)
        throw new Error(
          `${method} ${path} was not acknowledged in ${this.retryBudgetMs} ms (${attempt} attempts; last: ${status} ${detail})`,
        );
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1_000)));
    }
  }
}
