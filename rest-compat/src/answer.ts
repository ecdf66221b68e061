import type { FastifyReply } from "fastify";

/** A JSON answer (or none): what a retried POST with the same Idempotency-Key is answered again. */
export type JsonAnswer = { status: number; headers: Record<string, string>; body?: unknown };

export function sendAnswer(reply: FastifyReply, answer: JsonAnswer) {
  reply.headers(answer.headers).code(answer.status);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
