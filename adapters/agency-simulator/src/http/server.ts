import { bodyRefusalMessage } from "@pap/reference-process";
import { timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { z } from "zod";
import { serviceResultFor } from "../answers";
import { CallLog, type AgencyAnswer } from "../calls";
import { ControlSwitch, controlUpdate, type ControlUpdate } from "../control";
import { outcomeOf } from "../outcome";
import { agencyRequest, type AgencyRequest } from "../request";
import { isServiceType, type ServiceType } from "../service-types";

export type ServerOptions = {
  /** When set, agency routes require `Authorization: Bearer <token>` (AGENCY_SIMULATOR_TOKEN). */
  token?: string;
  /** The control switch's start-up settings (what `DELETE /control` goes back to). */
  control?: ControlUpdate;
  /** The clock answers are dated by. */
  now?: () => Date;
  /** Where the failure rate's draws come from (in [0, 1)). */
  random?: () => number;
  /** How many Idempotency-Keys are remembered (default 100,000). */
  rememberedKeys?: number;
  logger?: FastifyServerOptions["logger"];
  bodyLimit?: number;
};

/** A 4xx the handler decided on, answered as `{ error, message }`. */
class RequestRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (message: string) => new RequestRefused(400, "bad_request", message);

const summaryOf = (error: z.ZodError): string =>
  error.issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message)).join("; ");

function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = typeof header === "string" ? header.trim() : "";
  if (!key) throw refuse("The Idempotency-Key header is required (one per call, the same on its retries).");
  if (key.length > 255) throw refuse("The Idempotency-Key header is longer than 255 characters.");
  return key;
}

function requestOf(body: unknown, serviceType: ServiceType): AgencyRequest {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw refuse("The request body must be a JSON object.");
  const parsed = agencyRequest.safeParse(body);
  if (!parsed.success) throw refuse(`The request body is not valid: ${summaryOf(parsed.error)}.`);
  if (parsed.data.serviceType !== serviceType)
    throw refuse(`The body's serviceType '${parsed.data.serviceType}' is not the path's '${serviceType}'.`);
  return parsed.data;
}

/** Compares the bearer token in constant time, so its characters cannot be guessed one by one from timings. */
function bearerCheck(token: string | undefined): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const expected = token ? Buffer.from(token) : null;
  return async (request, reply) => {
    if (!expected) return;
    const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim() ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) await reply.code(401).send({ error: "unauthorized" });
  };
}

/**
 * The reference agency simulator's HTTP API: `POST /agencies/{serviceType}` answers as the outside agency
 * would (the outcome chosen by the subject, see outcome.ts and ANSWERS.md); `/calls/{key}` and
 * `/control` are for tests, demos and the benchmark to see what arrived and to make agencies slow or
 * failing. The bodies carry SSNs, so nothing here logs a request or its body.
 */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  // No per-request log lines: bodies carry SSNs and must never reach a log, and a simulator answering a benchmark
  // should not spend its time logging.
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
  });
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const control = new ControlSwitch(options.control);
  const calls = new CallLog(options.rememberedKeys);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestRefused) return reply.code(error.statusCode).send({ error: error.error, message: error.message });
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals, never quoting the body (an SSN, perhaps).
      const message = bodyRefusalMessage(error);
      return reply.code(400).send({ error: "bad_request", message });
    }
    // A fault of the simulator itself, not the simulated agency's failure (that one is `agency_error`).
    request.log.error({ err: error }, "the simulator failed");
    return reply.code(500).send({ error: "internal_error" });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: "not_found" }));

  app.get("/healthz", async () => ({ status: "ok" }));

  app.post<{ Params: { serviceType: string } }>(
    "/agencies/:serviceType",
    { onRequest: bearerCheck(options.token) },
    async (request, reply) => {
      const { serviceType } = request.params;
      if (!isServiceType(serviceType)) return reply.code(404).send({ error: "unknown_service_type" });
      const key = idempotencyKeyOf(request.headers["idempotency-key"]);
      const body = requestOf(request.body, serviceType);
      calls.received(key);

      // One reading of the switch per request, so a change mid-request does not mix two settings.
      const { latencyMs, failureRate, failing, slowMs } = control.current;
      if (latencyMs > 0) await sleep(latencyMs);

      const outcome = outcomeOf(body.subject);
      if (outcome.kind === "drop") {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      // Before the replay: an unavailable agency is unavailable whatever it answered before, and a retry may get through.
      if (failing.includes(serviceType) || (failureRate > 0 && random() < failureRate))
        return reply.code(503).send({ error: "unavailable" });

      let answer = calls.answerFor(key, serviceType);
      if (!answer) {
        // Never remembered: the agency fails this subject every time.
        if (outcome.kind === "fail") return reply.code(500).send({ error: "agency_error" });
        answer = (outcome.slow ? sleep(slowMs) : Promise.resolve()).then((): AgencyAnswer => {
          const respondedAt = now();
          const serviceResult = serviceResultFor(serviceType, {
            result: outcome.result,
            ssn: outcome.ssn,
            requestId: body.requestId,
            subject: body.subject,
            context: body.context,
            respondedAt,
          });
          return { requestId: body.requestId, serviceType, result: outcome.result, serviceResult, respondedAt: respondedAt.toISOString() };
        });
        calls.remember(key, serviceType, answer);
      }
      const sent = await answer;
      calls.answered(key);
      return sent;
    },
  );

  app.get<{ Params: { key: string } }>("/calls/:key", async (request, reply) => {
    const count = calls.count(request.params.key);
    return count ?? reply.code(404).send({ error: "not_found" });
  });

  app.get("/control", async () => control.current);
  app.put("/control", async (request) => {
    const parsed = controlUpdate.safeParse(request.body);
    if (!parsed.success) throw refuse(`The control settings are not valid: ${summaryOf(parsed.error)}.`);
    return control.update(parsed.data);
  });
  app.delete("/control", async () => control.reset());

  return app;
}
