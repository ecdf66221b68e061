import { createHash } from "node:crypto";
import { ApiError, badRequest } from "@pap/core";
import type { Authenticator } from "@pap/kernel/auth";
import { pickForwardedHeaders } from "@pap/kernel/graphql";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendAnswer, type JsonAnswer } from "../answer";
import type { Claim, IdempotencyStore } from "./store";

/** How long a retry waits for the first request with its key to finish before it is told to come back. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * What an upload's retry is compared by: its text parts and its file's digest, name and type. A
 * multipart body's boundary differs from one sending to the next, and its bytes are streamed, not kept.
 */
export type RequestFingerprint = { body: unknown; notRun(): Promise<void> };

/**
 * A POST with an Idempotency-Key: done once per caller and key. The first request runs and its answer
 * is kept (unless it failed on the server's side, which a retry may try again); a retry of the same
 * request (same method, path and body) is answered the kept answer, marked `Idempotency-Replayed`; the
 * key reused for another request is 422; a retry arriving while the first still runs waits for it.
 * An upload gives its `fingerprint` (received already) and is told when it was not run, to discard it.
 */
export async function answerOnce(
  store: IdempotencyStore,
  authenticate: Authenticator,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<JsonAnswer | { headers: Record<string, string> }>,
  fingerprinted?: RequestFingerprint,
) {
  // A request that is not run (refused, replayed) lets go of what it received before it is answered.
  const notRun = async <T>(outcome: T): Promise<T> => (await fingerprinted?.notRun(), outcome);
  const key = String(request.headers["idempotency-key"]);
  if (!keyPattern.test(key))
    throw await notRun(
      badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters.", [{ field: "Idempotency-Key", message: "is malformed" }]),
    );
  const principal = await authenticate(pickForwardedHeaders(request.headers));
  // Keys are the caller's own: another caller's key of the same text is another key.
  const scope = `${principal.kind}:${principal.id ?? ""}`;
  const fingerprint = createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify((fingerprinted ? fingerprinted.body : request.body) ?? null)}`)
    .digest("hex");
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
  let answer: JsonAnswer | { headers: Record<string, string> };
  try {
    answer = await run();
  } catch (error) {
    // A refusal of the request itself (its body, its parameters) is its answer, kept like any other.
    if (error instanceof ApiError && error.status < 500) answer = { status: error.status, headers: {}, body: envelopeOf(error) };
    else {
      await store.release(scope, key);
      throw error;
    }
  }
  if (!("status" in answer) || answer.status >= 500) {
    await store.release(scope, key);
    if (!("status" in answer)) throw new Error("an answer of bytes cannot be kept for an Idempotency-Key");
    return sendAnswer(reply, answer);
  }
  await store.complete(scope, key, answer);
  return sendAnswer(reply, answer);
}

const envelopeOf = (error: ApiError) => ({
  code: error.code,
  message: error.message,
  ...(error.details && { details: error.details }),
});

/** The key's claim, once no first request with it is running any more (or the wait is over). */
async function settled(store: IdempotencyStore, scope: string, key: string, fingerprint: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await store.claim(scope, key, fingerprint);
    if (claim.kind !== "running" || Date.now() >= deadline) return claim;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
