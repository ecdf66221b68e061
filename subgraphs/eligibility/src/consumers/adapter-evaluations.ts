import type { Determination, PrismaClient } from "@pap/db";
import { nothingLeftToDo, type ConsumerDefinition, type PlatformEvent } from "@pap/events";
import { isUuid, type Logger } from "@pap/kernel";
import { readApplicationFacts } from "../adapter/application-facts";
import type { AdapterFailure, EligibilityAdapterClient, ProgramDecisionResult, ScreeningResult } from "../adapter/client";
import { adapterClientFromEnv, noAdapter } from "../adapter/from-settings";
import { plannedEvaluations, screeningBody, type PendingDecision } from "../adapter/requests";
import { isOpenDetermination } from "../domain/determination-machine";
import { eligibilityEvents, evaluationStages, type EvaluationStage } from "../domain/events";
import { recordEvaluations, recordScreening } from "../operations/evaluations";

/** Intake's event, named as it declares it (the domains do not import one another). */
const REVIEW_COMPLETED = "intake.application.review_completed";
const DETERMINATION_CREATED = eligibilityEvents.draft("determination.created", "").type;
const RETRY_DUE = eligibilityEvents.draft("evaluation_retry_due", "").type;

type Answer<T> = T | AdapterFailure;
type Prepared =
  | { stage: "screening"; determinationId: string; outcome: Answer<ScreeningResult> }
  | { stage: "determination"; determinationId: string; answers: { decisionIds: string[]; outcome: Answer<ProgramDecisionResult> }[] };

/** Which determination an event is about, and what to ask the adapter of it. */
async function whatToAsk(db: PrismaClient, event: PlatformEvent): Promise<{ determination: Determination; stage: EvaluationStage } | null> {
  if (!isUuid(event.subject)) return null;
  const subject = event.subject.toLowerCase();
  const type = (suffix: string) => event.type.endsWith(suffix);
  if (type(REVIEW_COMPLETED)) {
    const determination = await db.determination.findUnique({ where: { applicationId: subject } });
    return determination && { determination, stage: "determination" };
  }
  const determination = await db.determination.findUnique({ where: { id: subject } });
  if (!determination) return null;
  if (type(DETERMINATION_CREATED)) return { determination, stage: "screening" };
  const stage = (event.data as { stage?: unknown } | undefined)?.stage;
  return type(RETRY_DUE) && evaluationStages.includes(stage as EvaluationStage) ? { determination, stage: stage as EvaluationStage } : null;
}

async function askForScreening(db: PrismaClient, client: EligibilityAdapterClient | null, determination: Determination): Promise<Prepared | null> {
  if ((determination.expeditedScreening as { status?: string } | null)?.status === "screened") return null;
  if ((await db.decision.count({ where: { determinationId: determination.id, program: "snap" } })) === 0) return null;
  const facts = await readApplicationFacts(db, determination.applicationId);
  if (!facts) return null;
  const metadata = { determinationId: determination.id, applicationId: determination.applicationId, stage: "screening" };
  const outcome = client ? await client.screenExpedited(screeningBody(facts), metadata) : noAdapter;
  return { stage: "screening", determinationId: determination.id, outcome };
}

async function askForDecisions(db: PrismaClient, client: EligibilityAdapterClient | null, determination: Determination): Promise<Prepared | null> {
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
 * Eligibility's calls to its adapter (SPEC §4.7; events.md §4): the expedited screening when a
 * determination is created, the decisions when intake's review completes, and both again when a
 * failed call's retry timer fires. The calls run before the consumer's transaction (`prepare`) and
 * their answers are applied in it, so a crash in between only repeats a call — which the adapter may
 * see twice, with the same determination and decision ids in its `metadata` to recognise it by.
 */
export function adapterEvaluations(options: { logger?: Logger; client?: () => EligibilityAdapterClient | null } = {}): ConsumerDefinition {
  const clientOf = options.client ?? (() => adapterClientFromEnv());
  return {
    name: "eligibility.adapter",
    filter: { types: [DETERMINATION_CREATED, REVIEW_COMPLETED, RETRY_DUE] },
    async prepare(event, db): Promise<Prepared | null> {
      const asked = await whatToAsk(db, event);
      if (!asked || !isOpenDetermination(asked.determination.status)) return null;
      const ask = asked.stage === "screening" ? askForScreening : askForDecisions;
      return ask(db, clientOf(), asked.determination);
    },
    async handle({ tx, events, clock, event, prepared }) {
      const answer = prepared as Prepared | null | undefined;
      if (!answer) return;
      const work = { tx, events, clock };
      try {
        if (answer.stage === "screening") await recordScreening(work, answer.determinationId, answer.outcome, event);
        else await recordEvaluations(work, answer.determinationId, answer.answers, event);
      } catch (error) {
        if (!nothingLeftToDo(error)) throw error;
        options.logger?.debug({ eventId: event.id, reason: error.message }, "the adapter's answer found nothing left to do");
      }
    },
  };
}
