import { isUuid, type Logger } from "@pap/core";
import type { Determination, PrismaClient } from "@pap/db";
import { nothingLeftToDo, type ConsumerDefinition, type PlatformEvent } from "@pap/events";
import { serviceCallsByIds } from "@pap/data-exchange/operations";
import { readApplicationFacts } from "../adapter/application-facts";
import type { AdapterFailure, EligibilityAdapterClient, ProgramDecisionResult, ScreeningResult } from "../adapter/client";
import { adapterClientFromEnv, noAdapter } from "../adapter/from-settings";
import { plannedEvaluations, screeningBody, type PendingDecision } from "../adapter/requests";
import { isOpenDetermination } from "../domain/determination-machine";
import { eligibilityEvents, evaluationStages, type EvaluationStage } from "../domain/events";
import { checksOf } from "../operations/electronic-checks";
import { recordEvaluations, recordScreening } from "../operations/evaluations";

/** Intake's event, named as it declares it (the domains do not import one another). */
const REVIEW_COMPLETED = "intake.application.review_completed";
const DETERMINATION_CREATED = eligibilityEvents.draft("determination.created", "").type;
const RETRY_DUE = eligibilityEvents.draft("evaluation_retry_due", "").type;
const CHECKS_COMPLETED = eligibilityEvents.draft("decision.checks_completed", "").type;

type Answer<T> = T | AdapterFailure;
type Prepared =
  | { stage: "screening"; determinationId: string; outcome: Answer<ScreeningResult> }
  | {
      stage: "determination" | "ex-parte";
      determinationId: string;
      answers: { decisionIds: string[]; outcome: Answer<ProgramDecisionResult> }[];
    };

/** Which determination an event is about, and what to ask the adapter of it. */
async function whatToAsk(db: PrismaClient, event: PlatformEvent): Promise<{ determination: Determination; stage: EvaluationStage } | null> {
  if (!isUuid(event.subject)) return null;
  const subject = event.subject.toLowerCase();
  const type = (suffix: string) => event.type.endsWith(suffix);
  if (type(REVIEW_COMPLETED)) {
    const determination = await db.determination.findUnique({ where: { applicationId: subject } });
    return determination && { determination, stage: "determination" };
  }
  if (type(CHECKS_COMPLETED)) {
    const decision = await db.decision.findUnique({ where: { id: subject }, select: { determination: true } });
    return decision && { determination: decision.determination, stage: "ex-parte" };
  }
  const determination = await db.determination.findUnique({ where: { id: subject } });
  if (!determination) return null;
  if (type(DETERMINATION_CREATED)) return { determination, stage: "screening" };
  const stage = (event.data as { stage?: unknown } | undefined)?.stage;
  return type(RETRY_DUE) && evaluationStages.includes(stage as EvaluationStage) ? { determination, stage: stage as EvaluationStage } : null;
}

async function askForScreening(
  db: PrismaClient,
  client: EligibilityAdapterClient | null,
  determination: Determination,
): Promise<Prepared | null> {
  if ((determination.expeditedScreening as { status?: string } | null)?.status === "screened") return null;
  if ((await db.decision.count({ where: { determinationId: determination.id, program: "snap" } })) === 0) return null;
  const facts = await readApplicationFacts(db, determination.applicationId);
  if (!facts) return null;
  const metadata = { determinationId: determination.id, applicationId: determination.applicationId, stage: "screening" };
  const outcome = client ? await client.screenExpedited(screeningBody(facts), metadata) : noAdapter;
  return { stage: "screening", determinationId: determination.id, outcome };
}

async function askForDecisions(
  db: PrismaClient,
  client: EligibilityAdapterClient | null,
  determination: Determination,
): Promise<Prepared | null> {
  const pending: PendingDecision[] = await db.decision.findMany({
    where: { determinationId: determination.id, status: "pending" },
    orderBy: { createdAt: "asc" },
    select: { id: true, memberId: true, program: true },
  });
  if (pending.length === 0) return null;
  const facts = await readApplicationFacts(db, determination.applicationId);
  if (!facts) return null;
  const answers = [];
  // One call at a time: an application has a handful, and a struggling adapter is not hit by a burst.
  for (const planned of plannedEvaluations(facts, pending)) {
    const metadata = { determinationId: determination.id, applicationId: determination.applicationId, decisionIds: planned.decisionIds };
    const outcome = client ? await client.evaluateDetermination(planned.body, metadata) : noAdapter;
    answers.push({ decisionIds: planned.decisionIds, outcome });
  }
  return { stage: "determination", determinationId: determination.id, answers };
}

/**
 * Medicaid ex parte (SPEC §4.7): each pending Medicaid decision whose electronic checks have all ended is
 * evaluated on them, the data-exchange calls' answers passed as `electronicChecks` (a call that failed
 * or timed out as `error`). The adapter may decide it, or leave it pending for the review.
 */
async function askForExParte(
  db: PrismaClient,
  client: EligibilityAdapterClient | null,
  determination: Determination,
): Promise<Prepared | null> {
  const decisions = (
    await db.decision.findMany({
      where: { determinationId: determination.id, status: "pending", program: "medicaid" },
      orderBy: { createdAt: "asc" },
    })
  ).filter((decision) => {
    const checks = checksOf(decision);
    return checks.length > 0 && checks.every((check) => check.status !== "pending");
  });
  if (decisions.length === 0) return null;
  const facts = await readApplicationFacts(db, determination.applicationId);
  if (!facts) return null;
  const calls = new Map(
    (
      await serviceCallsByIds(
        db,
        decisions.flatMap((decision) => checksOf(decision).map((check) => check.serviceCallId)),
      )
    ).map((call) => [call.id, call]),
  );
  const answers = [];
  for (const decision of decisions) {
    const member = facts.members.find((candidate) => candidate.id === decision.memberId) ?? {
      id: decision.memberId,
      programsAppliedFor: [],
    };
    const electronicChecks = checksOf(decision).map((check) => {
      const call = calls.get(check.serviceCallId);
      const answered = call?.status === "completed" && call.result;
      return {
        serviceType: check.serviceType,
        result: answered ? call.result : "error",
        receivedAt: check.checkedAt ?? new Date().toISOString(),
        serviceResult: (answered && call.serviceResult) || {},
      };
    });
    const metadata = {
      determinationId: determination.id,
      applicationId: determination.applicationId,
      decisionIds: [decision.id],
      stage: "ex-parte",
    };
    const outcome = client
      ? await client.evaluateMedicaidExParte(
          { program: "medicaid", member, householdSize: Math.max(1, facts.members.length), electronicChecks },
          metadata,
        )
      : noAdapter;
    answers.push({ decisionIds: [decision.id], outcome });
  }
  return { stage: "ex-parte", determinationId: determination.id, answers };
}

/**
 * Eligibility's calls to its adapter (SPEC §4.7; events.md §4): the expedited screening when a
 * determination is created, Medicaid ex parte when a decision's electronic checks are in, the decisions
 * when intake's review completes, and each again when a failed call's retry timer fires. The calls run before the consumer's transaction (`prepare`) and
 * their answers are applied in it, so a crash in between only repeats a call — which the adapter may
 * see twice, with the same determination and decision ids in its `metadata` to recognise it by.
 */
export function adapterEvaluations(options: { logger?: Logger; client?: () => EligibilityAdapterClient | null } = {}): ConsumerDefinition {
  const clientOf = options.client ?? (() => adapterClientFromEnv());
  return {
    name: "eligibility.adapter",
    filter: { types: [DETERMINATION_CREATED, REVIEW_COMPLETED, RETRY_DUE, CHECKS_COMPLETED] },
    async prepare(event, db): Promise<Prepared | null> {
      const asked = await whatToAsk(db, event);
      if (!asked || !isOpenDetermination(asked.determination.status)) return null;
      const ask = asked.stage === "screening" ? askForScreening : asked.stage === "ex-parte" ? askForExParte : askForDecisions;
      return ask(db, clientOf(), asked.determination);
    },
    async handle({ tx, events, clock, calendar, jurisdiction, event, prepared }) {
      const answer = prepared as Prepared | null | undefined;
      if (!answer) return;
      const work = { tx, events, clock, calendar, jurisdiction };
      try {
        if (answer.stage === "screening") await recordScreening(work, answer.determinationId, answer.outcome, event);
        else await recordEvaluations(work, answer.determinationId, answer.answers, event, answer.stage);
      } catch (error) {
        if (!nothingLeftToDo(error)) throw error;
        options.logger?.debug({ eventId: event.id, reason: error.message }, "the adapter's answer found nothing left to do");
      }
    },
  };
}
