import { sealedJson, type PrismaClient } from "@pap/db";
import type { JsonAnswer } from "../answer";

/** An answer as the client got it: what a retry with the same key is answered again. */
export type StoredAnswer = JsonAnswer;

/** What a key's first use finds: the request is the first (run it), a replay, another request's key, or one still running. */
export type Claim = { kind: "first" } | { kind: "replay"; answer: StoredAnswer } | { kind: "other-request" } | { kind: "running" };

export type IdempotencyStore = {
  /** Takes the key for this request, or finds what became of it. An expired key is taken afresh. */
  claim(scope: string, key: string, fingerprint: string): Promise<Claim>;
  /** Keeps the answer the request got, for its retries. */
  complete(scope: string, key: string, answer: StoredAnswer): Promise<void>;
  /** Lets the key go (the request failed on the server's side): a retry runs it again. */
  release(scope: string, key: string): Promise<void>;
};

type Row = {
  fingerprint: string;
  state: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: unknown;
  taken: boolean;
};

/** Keys in the platform's database (`idempotency_key`), each kept for `ttlMs` after its first use. */
export function databaseIdempotencyStore(db: Pick<PrismaClient, "$queryRaw" | "$executeRaw">, ttlMs: number): IdempotencyStore {
  let claims = 0;
  return {
    async claim(scope, key, fingerprint) {
      // Expired keys are removed now and then, beside the claims that would reuse them anyway.
      if (++claims % 500 === 0) await db.$executeRaw`DELETE FROM idempotency_key WHERE "expiresAt" < now()`;
      const expiresAt = new Date(Date.now() + ttlMs);
      // The primary key decides between concurrent first uses: the second waits for the first's row.
      const [row] = await db.$queryRaw<Row[]>`
        INSERT INTO idempotency_key (scope, key, fingerprint, state, "expiresAt")
        VALUES (${scope}, ${key}, ${fingerprint}, 'pending', ${expiresAt})
        ON CONFLICT (scope, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, state = 'pending', status = NULL, headers = NULL, body = NULL,
              "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
          WHERE idempotency_key."expiresAt" < now()
        RETURNING fingerprint, state, status, headers, body, true AS taken`;
      if (row?.taken) return { kind: "first" };
      const [existing] = await db.$queryRaw<Row[]>`
        SELECT fingerprint, state, status, headers, body, false AS taken FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`;
      // Gone between the two statements (released by a failed first request): this one is the first now.
      if (!existing) return this.claim(scope, key, fingerprint);
      if (existing.fingerprint !== fingerprint) return { kind: "other-request" };
      if (existing.state !== "done") return { kind: "running" };
      return {
        kind: "replay",
        answer: { status: existing.status!, headers: existing.headers ?? {}, ...(existing.body !== null && { body: existing.body }) },
      };
    },
    async complete(scope, key, answer) {
      // A replayed answer may show a person's SSN: it is stored sealed, as the record itself is.
      const body = answer.body === undefined ? null : sealedJson(answer.body);
      await db.$executeRaw`
        UPDATE idempotency_key SET state = 'done', status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb,
          body = ${body}::jsonb
        WHERE scope = ${scope} AND key = ${key}`;
    },
    async release(scope, key) {
      await db.$executeRaw`DELETE FROM idempotency_key WHERE scope = ${scope} AND key = ${key} AND state = 'pending'`;
    },
  };
}
