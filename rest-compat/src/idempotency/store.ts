import { sealedJson, type PrismaClient } from "@pap/db";
import type { JsonAnswer } from "../answer";

/** An answer as the client got it: what a retry with the same key is answered again. */
export type StoredAnswer = JsonAnswer;

/**
 * What a request finds of its key: it holds the key as attempt `attempt` and runs the request (the
 * first, or a retry that took over from a host that stopped renewing its lease); a replay of the kept
 * answer; another request's key; one still running elsewhere (`leaseEndsInMs` from now); or the
 * request's change committed without an answer kept (its host died, or its answer failed after the
 * commit), now held as `attempt` to read its result back: `subject` is the record it created, if any.
 */
export type Claim =
  | { kind: "first"; attempt: number }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "other-request" }
  | { kind: "running" }
  | { kind: "committed"; attempt: number; subject: string | null };

export type IdempotencyStore = {
  /** Takes the key for this request, or finds what became of it. An expired key is taken afresh. */
  claim(scope: string, key: string, fingerprint: string): Promise<Claim>;
  /** Renews the attempt's lease while it runs, until the returned function is called. */
  hold(scope: string, key: string, attempt: number): () => void;
  /** Keeps the answer the attempt got, for its retries (nothing, if a retry took the key over meanwhile). */
  complete(scope: string, key: string, attempt: number, answer: StoredAnswer): Promise<void>;
  /**
   * The attempt failed on the server's side: its lease ends now, so a retry takes the key over at once
   * and runs the request again, or reads its result back if its change committed. The row stays, its
   * attempt number with it: a write of this attempt still in flight somewhere is fenced out.
   */
  release(scope: string, key: string, attempt: number): Promise<void>;
};

/**
 * How long an attempt holds its key without renewing it. A live attempt renews it every third of this;
 * a retry finding the lease run out takes the key over. Short enough that a retry sent after a host
 * died waits once (answer-once.ts waits a little longer than this) rather than being turned away, long
 * enough that a database pause of a few seconds does not hand a live attempt's key to another host (and
 * if it does, the fence refuses the slower attempt's write: never a double).
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;

type Row = {
  fingerprint: string;
  state: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: unknown;
  attempt: number;
  subject: string | null;
  lapsed: boolean;
};

/** Keys in the platform's database (`idempotency_key`), each kept for `ttlMs` after its first use. */
export function databaseIdempotencyStore(
  db: Pick<PrismaClient, "$queryRaw" | "$executeRaw">,
  ttlMs: number,
  leaseMs = IDEMPOTENCY_LEASE_MS,
): IdempotencyStore {
  let claims = 0;
  // Leases are read and set on the database's clock: hosts' clocks may differ, its clock is one.
  const lease = `${leaseMs} milliseconds`;
  const store: IdempotencyStore = {
    async claim(scope, key, fingerprint) {
      // Expired keys are removed now and then, beside the claims that would reuse them anyway.
      if (++claims % 500 === 0) await db.$executeRaw`DELETE FROM idempotency_key WHERE "expiresAt" < now()`;
      const expiresAt = new Date(Date.now() + ttlMs);
      // The primary key decides between concurrent first uses: the second waits for the first's row. An
      // expired key taken afresh counts its attempts on, so that no earlier attempt's number comes back.
      const [row] = await db.$queryRaw<{ attempt: number }[]>`
        INSERT INTO idempotency_key (scope, key, fingerprint, state, "expiresAt", "leaseUntil")
        VALUES (${scope}, ${key}, ${fingerprint}, 'pending', ${expiresAt}, now() + ${lease}::interval)
        ON CONFLICT (scope, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, state = 'pending', status = NULL, headers = NULL, body = NULL, subject = NULL,
              attempt = idempotency_key.attempt + 1, "leaseUntil" = EXCLUDED."leaseUntil",
              "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
          WHERE idempotency_key."expiresAt" < now()
        RETURNING attempt`;
      if (row) return { kind: "first", attempt: row.attempt };
      // A row written before leases were kept has none: its lease is reckoned from its first use.
      const [existing] = await db.$queryRaw<Row[]>`
        SELECT fingerprint, state, status, headers, body, attempt, subject::text AS subject,
          COALESCE("leaseUntil", "createdAt" + ${lease}::interval) <= now() AS lapsed
        FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`;
      // Gone between the two statements (expired and removed): this one is the first now.
      if (!existing) return store.claim(scope, key, fingerprint);
      if (existing.fingerprint !== fingerprint) return { kind: "other-request" };
      if (existing.state === "done")
        return {
          kind: "replay",
          answer: { status: existing.status!, headers: existing.headers ?? {}, ...(existing.body !== null && { body: existing.body }) },
        };
      if (!existing.lapsed) return { kind: "running" };
      // The attempt holding the key stopped renewing it: take it over, unless another retry or that
      // attempt's own commit (which holds the row's lock until it ends) changed it first: then look again.
      const [taken] = await db.$queryRaw<{ attempt: number; state: string; subject: string | null }[]>`
        UPDATE idempotency_key SET attempt = attempt + 1, "leaseUntil" = now() + ${lease}::interval
        WHERE scope = ${scope} AND key = ${key} AND attempt = ${existing.attempt} AND state = ${existing.state}
          AND COALESCE("leaseUntil", "createdAt" + ${lease}::interval) <= now()
        RETURNING attempt, state, subject::text AS subject`;
      if (!taken) return store.claim(scope, key, fingerprint);
      return taken.state === "committed"
        ? { kind: "committed", attempt: taken.attempt, subject: taken.subject }
        : { kind: "first", attempt: taken.attempt };
    },
    hold(scope, key, attempt) {
      const renew = () =>
        db.$executeRaw`
          UPDATE idempotency_key SET "leaseUntil" = now() + ${lease}::interval
          WHERE scope = ${scope} AND key = ${key} AND attempt = ${attempt} AND state IN ('pending', 'committed')`.catch(() => {
          // A renewal the database could not take (a failover) is not the request's failure: should the
          // lease run out meanwhile, a retry takes over and the fence keeps the two from both writing.
        });
      const timer = setInterval(renew, Math.max(1, Math.floor(leaseMs / 3)));
      timer.unref();
      return () => clearInterval(timer);
    },
    async complete(scope, key, attempt, answer) {
      // A replayed answer may show a person's SSN: it is stored sealed, as the record itself is.
      const body = answer.body === undefined ? null : sealedJson(answer.body);
      await db.$executeRaw`
        UPDATE idempotency_key SET state = 'done', status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb,
          body = ${body}::jsonb
        WHERE scope = ${scope} AND key = ${key} AND attempt = ${attempt} AND state IN ('pending', 'committed')`;
    },
    async release(scope, key, attempt) {
      await db.$executeRaw`
        UPDATE idempotency_key SET "leaseUntil" = now() - interval '1 millisecond'
        WHERE scope = ${scope} AND key = ${key} AND attempt = ${attempt} AND state IN ('pending', 'committed')`;
    },
  };
  return store;
}
