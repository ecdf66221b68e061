import { createHash } from "node:crypto";
import { ApiError, badRequest } from "@pap/core";
import type { Authenticator } from "@pap/kernel/auth";
import { claimHeaderValue, idempotencyClaimHeader, idempotencyScope, pickForwardedHeaders } from "@pap/kernel/graphql";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendAnswer, type JsonAnswer } from "../answer";
import { IDEMPOTENCY_LEASE_MS, type Claim, type IdempotencyStore } from "./store";

/**
 * How long a retry waits for the request with its key to finish before it is told to come back: a
 * little longer than a lease, so that a retry sent after a host died mid-request outlasts the dead
 * host's lease and is answered (the request run, or its committed result read back) in one go.
 */
const WAIT_FOR_FIRST_MS = IDEMPOTENCY_LEASE_MS + 2_000;
const POLL_MS = 50;

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * What an upload's retry is compared by: its text parts and its file's digest, name and type. A
 * multipart body's boundary differs from one sending to the next, and its bytes are streamed, not kept.
 */
export type RequestFingerprint = { body: unknown; notRun(): Promise<void> };

/** What a POST with a key runs: the request itself, and the read-back of its result should its change have committed unanswered. */
export type RetriableRequest = {
  run: () => Promise<JsonAnswer | { headers: Record<string, string> }>;
  /** The route's result as it now is, for the record the request created (`subject`), or none when the route has no such read. */
  readBack: (subject: string | null) => Promise<JsonAnswer | undefined>;
  /** An upload's (see `RequestFingerprint`). */
  fingerprinted?: RequestFingerprint;
};

/**
 * A POST with an Idempotency-Key: done once per caller and key. The first request runs and its answer
 * is kept (unless it failed on the server's side, which a retry may try again); a retry of the same
 * request (same method, path and body) is answered the kept answer, marked `Idempotency-Replayed`; the
 * key reused for another request is 422; a retry arriving while the first still runs waits for it.
 * A retry finding that the first's change committed but no answer was kept (its host died, or its
 * answer failed after the commit) is answered the result read back, also marked replayed.
 * An upload gives its `fingerprint` (received already) and is told when it was not run, to discard it.
 */
export async function answerOnce(
  store: IdempotencyStore,
  authenticate: Authenticator,
  request: FastifyRequest,
  reply: FastifyReply,
  { run, readBack, fingerprinted }: RetriableRequest,
) {
  // A request that is not run (refused, replayed) lets go of what it received before it is answered.
  const notRun = async <T>(outcome: T): Promise<T> => (await fingerprinted?.notRun(), outcome);
  const key = String(request.headers["idempotency-key"]);
  if (!keyPattern.test(key))
    throw await notRun(
      badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters.", [{ field: "Idempotency-Key", message: "is malformed" }]),
    );
  const scope = idempotencyScope(await authenticate(pickForwardedHeaders(request.headers)));
  const fingerprint = fingerprintOf(request.method, request.url, fingerprinted ? fingerprinted.body : request.body);
  const claim = await settled(store, scope, key, fingerprint);
  if (claim.kind === "other-request")
    throw await notRun(
      new ApiError(422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for another request: use a new key for a new request."),
    );
  if (claim.kind === "running")
    throw await notRun(
      new ApiError(409, "IDEMPOTENCY_KEY_IN_USE", "The first request with this Idempotency-Key is still running: retry later."),
    );
  if (claim.kind === "replay") return sendAnswer(reply.header("idempotency-replayed", "true"), await notRun(claim.answer));
  const release = () => store.release(scope, key, claim.attempt);
  const letGo = store.hold(scope, key, claim.attempt);
  try {
    if (claim.kind === "committed") {
      await notRun(undefined);
      let read: JsonAnswer | undefined;
      try {
        read = await readBack(claim.subject);
      } catch (error) {
        // The read failed on the server's side: the next retry reads again, at once.
        await release();
        throw error;
      }
      const answer = read ?? unreadable;
      if (answer.status >= 500) {
        await release();
        return sendAnswer(reply, answer);
      }
      await store.complete(scope, key, claim.attempt, answer);
      return sendAnswer(reply.header("idempotency-replayed", "true"), answer);
    }
    // The attempt's number goes with the request to the graph: its write proves the key is still its own.
    request.headers[idempotencyClaimHeader] = claimHeaderValue({ scope, key, attempt: claim.attempt });
    let answer: JsonAnswer | { headers: Record<string, string> };
    try {
      answer = await run();
    } catch (error) {
      // A refusal of the request itself (its body, its parameters) is its answer, kept like any other.
      if (error instanceof ApiError && error.status < 500) answer = { status: error.status, headers: {}, body: envelopeOf(error) };
      else {
        await release();
        throw error;
      }
    }
    if (!("status" in answer) || answer.status >= 500) {
      await release();
      if (!("status" in answer)) throw new Error("an answer of bytes cannot be kept for an Idempotency-Key");
      return sendAnswer(reply, answer);
    }
    // Superseded: a retry holds the key now, and its answer is the request's; this one's is not kept.
    if (isSuperseded(answer)) return sendAnswer(reply, answer);
    await store.complete(scope, key, claim.attempt, answer);
    return sendAnswer(reply, answer);
  } finally {
    letGo();
  }
}

/** What a retry must match to be the same request: its method, its path and query, and its body. */
export const fingerprintOf = (method: string, url: string, body: unknown): string =>
  createHash("sha256")
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");

const isSuperseded = (answer: JsonAnswer) => (answer.body as { code?: unknown } | undefined)?.code === "IDEMPOTENCY_KEY_SUPERSEDED";

/** The answer to a retry whose request was done, but whose result the route cannot read back. */
const unreadable: JsonAnswer = {
  status: 409,
  headers: {},
  body: {
    code: "IDEMPOTENCY_RESULT_UNAVAILABLE",
    message:
      "The request with this Idempotency-Key was done, but its answer was lost and its result cannot be read back here: look the result up (GET) rather than sending the request again.",
  },
};

const envelopeOf = (error: ApiError) => ({
  code: error.code,
  message: error.message,
  ...(error.details && { details: error.details }),
});

/** The key's claim, once no request with it is running any more (or the wait is over). */
async function settled(store: IdempotencyStore, scope: string, key: string, fingerprint: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await store.claim(scope, key, fingerprint);
    if (claim.kind !== "running" || Date.now() >= deadline) return claim;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
