import { bodyRefusalMessage } from "@pap/reference-process";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { z } from "zod";
import {
  evaluateExParte,
  evaluateMemberDetermination,
  evaluateSnapDetermination,
  EvaluationError,
  localDate,
  screenExpedited,
  type EngineOptions,
} from "../engine";
import { illustrativeUtilityAllowances, type UtilityAllowances } from "../rules";
import { determinationProgram, exParteBody, expeditedScreeningBody, householdDeterminationBody, memberDeterminationBody } from "./schemas";

export type ServerOptions = {
  /** The clock evaluations without an `evaluationDate` are dated by (its date in `timeZone`). */
  now?: () => Date;
  /** The platform's time zone (PLATFORM_TIME_ZONE): whose date "today" is; UTC by default. */
  timeZone?: string;
  utilityAllowances?: UtilityAllowances;
  logger?: FastifyServerOptions["logger"];
  bodyLimit?: number;
};

type ErrorDetail = { field: string; message: string };

/** A 4xx the handler decided on, answered in the platform's error envelope. */
class RequestRefused extends Error {
  constructor(
    message: string,
    readonly details: ErrorDetail[],
  ) {
    super(message);
  }
}

/** zod's issues as envelope details: the field as a dotted path (`members.0.income.1.amount`), `body` for the body itself. */
function detailsOf(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ field: issue.path.length ? issue.path.map(String).join(".") : "body", message: issue.message }));
}

/** The request's own `metadata`, returned as it came (not the validated copy). */
const metadataOf = (body: unknown): unknown => (body as { metadata: unknown }).metadata;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new RequestRefused("The request body must be a JSON object.", [{ field: "body", message: "must be a JSON object" }]);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new RequestRefused("The request body is not valid.", detailsOf(parsed.error));
  return parsed.data;
}

/**
 * The reference adapter's HTTP API, the adapter contract (SPEC §4.7): three POST routes, each answering
 * its result with the request's `metadata` unchanged and an `explanation` beside it. Bad bodies are 400
 * with `{ code, message, details: [{ field, message }] }`; anything unexpected is a 500 that says nothing
 * of its cause.
 */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: options.bodyLimit ?? 1024 * 1024 });
  const now = options.now ?? (() => new Date());
  const utilityAllowances = options.utilityAllowances ?? illustrativeUtilityAllowances;
  const engine = (): EngineOptions => ({ today: localDate(now(), options.timeZone), utilityAllowances });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestRefused)
      return reply.code(400).send({ code: "BAD_REQUEST", message: error.message, details: error.details });
    if (error instanceof EvaluationError)
      return reply
        .code(400)
        .send({ code: "BAD_REQUEST", message: error.message, details: [{ field: error.field, message: error.message }] });
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, an empty body, a body too large, a content type other than JSON.
      const message = bodyRefusalMessage(error);
      return reply.code(400).send({ code: "BAD_REQUEST", message, details: [{ field: "body", message }] });
    }
    request.log.error({ err: error }, "evaluation failed");
    return reply.code(500).send({
      code: "INTERNAL_ERROR",
      message: "An unexpected error occurred.",
      details: [{ field: "body", message: "An unexpected error occurred." }],
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: "NOT_FOUND", message: `No route ${request.method} ${request.url}.`, details: [] }),
  );

  app.get("/healthz", async () => ({ status: "ok" }));

  app.post("/evaluate/expedited-screening", async (request) => {
    const body = parse(expeditedScreeningBody, request.body);
    const result = screenExpedited(body, engine());
    return { metadata: metadataOf(request.body), expedited: result.expedited, explanation: result.explanation };
  });

  app.post("/evaluate/medicaid-ex-parte", async (request) => {
    const body = parse(exParteBody, request.body);
    const { explanation, ...decision } = evaluateExParte(body, engine());
    return { metadata: metadataOf(request.body), ...decision, explanation };
  });

  app.post("/evaluate/determination", async (request) => {
    const kind = determinationProgram.safeParse(request.body);
    // Without a known program the variant is unknown: report every problem as the per-member variant sees them.
    if (!kind.success) parse(memberDeterminationBody, request.body);
    if (kind.data?.program === "snap") {
      const body = parse(householdDeterminationBody, request.body);
      const { explanation, ...decision } = evaluateSnapDetermination(body, engine());
      return { metadata: metadataOf(request.body), ...decision, explanation };
    }
    const body = parse(memberDeterminationBody, request.body);
    const { explanation, ...decision } = evaluateMemberDetermination(body, engine());
    return { metadata: metadataOf(request.body), ...decision, explanation };
  });

  return app;
}
