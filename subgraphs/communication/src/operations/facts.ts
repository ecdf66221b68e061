import type { BusinessCalendar } from "@pap/core";
import type { Prisma, PrismaClient } from "@pap/db";
import { DOCUMENT_REQUEST_DAYS, MISSED_INTERVIEW_RESCHEDULE_DAYS, noticePolicies, programNoticeRules } from "../config/notice-rules";
import type { ExplainedRule, MemberDecision, NoticeFacts } from "../domain/compose";
import { benefitPeriodOf } from "../domain/periods";
import { documentRequestCategories, type DocumentRequestCategory, type NoticeType } from "../domain/vocabulary";
import type { ApplicationForNotices } from "./household";

type Reader = PrismaClient | Prisma.TransactionClient;

/** What a notice is about, and the policies it rests on. */
export type GatheredFacts = { facts: NoticeFacts; policies: string[] };

type Explanation = { figures?: Record<string, unknown>; rules?: ExplainedRule[] };

const decided = (status: string): status is MemberDecision["result"] =>
  status === "approved" || status === "denied" || status === "ineligible";

/**
 * A decision notice's facts for one program: each member's outcome with the rules of the adapter's
 * explanation (description, citation, outcome, figures), the household's monthly benefit and its period
 * when approved, and the fair hearing's deadline from the notice's date. Null when no member's decision
 * in the program is made yet.
 */
export async function decisionFacts(
  db: Reader,
  application: ApplicationForNotices,
  program: string,
  type: NoticeType,
  noticeDate: Date,
  calendar: BusinessCalendar,
): Promise<GatheredFacts | null> {
  const decisions = await db.decision.findMany({
    where: { applicationId: application.applicationId, program: program as never },
    orderBy: { createdAt: "asc" },
    select: { memberId: true, status: true, explanation: true },
  });
  const members: MemberDecision[] = [];
  let monthlyBenefit: number | null = null;
  for (const decision of decisions) {
    if (!decided(decision.status)) continue;
    const explanation = (decision.explanation ?? {}) as Explanation;
    const figures = explanation.figures ?? {};
    members.push({
      memberName: application.memberNames.get(decision.memberId) ?? "Household member",
      result: decision.status,
      rules: (explanation.rules ?? []).filter((rule) => rule?.description && rule.citation),
      figures,
    });
    if (decision.status === "approved" && typeof figures.monthlyBenefit === "number") monthlyBenefit ??= figures.monthlyBenefit;
  }
  if (!members.length) return null;
  const rules = programNoticeRules[program] ?? programNoticeRules.snap!;
  const approved = members.some((member) => member.result === "approved");
  return {
    facts: {
      kind: "decision",
      program,
      members,
      monthlyBenefit: approved ? monthlyBenefit : null,
      benefitPeriod: approved ? benefitPeriodOf(noticeDate, rules.certificationMonths, calendar.timeZone) : null,
      hearing: {
        deadline: calendar.addDuration(noticeDate, `P${rules.hearing.days}D`),
        days: rules.hearing.days,
        citation: rules.hearing.citation,
      },
    },
    policies: [rules.decisionPolicy[type]].filter((id): id is string => Boolean(id)),
  };
}

/** A document request's facts: which verification category, about whom, and by when. */
export async function documentRequestFacts(
  db: Reader,
  application: ApplicationForNotices,
  verificationId: string,
  noticeDate: Date,
  calendar: BusinessCalendar,
): Promise<(GatheredFacts & { category: DocumentRequestCategory; programs: string[] }) | null> {
  const verification = await db.verification.findUnique({
    where: { id: verificationId },
    select: { category: true, sourceType: true, sourceId: true, applicationId: true },
  });
  if (!verification || verification.applicationId !== application.applicationId) return null;
  const category = documentRequestCategories.find((known) => known === verification.category);
  if (!category) return null;
  let memberId: string | null = verification.sourceType === "member" ? verification.sourceId : null;
  if (verification.sourceType === "income" && verification.sourceId) {
    memberId = (await db.income.findUnique({ where: { id: verification.sourceId }, select: { memberId: true } }))?.memberId ?? null;
  }
  const programs = [
    ...new Set(
      (
        await db.applicationMember.findMany({ where: { applicationId: application.applicationId }, select: { programsAppliedFor: true } })
      ).flatMap((member) => member.programsAppliedFor),
    ),
  ];
  const policies = programs
    .map((program) => noticePolicies.documentRequest[program as keyof typeof noticePolicies.documentRequest])
    .filter((id): id is NonNullable<typeof id> => Boolean(id));
  return {
    category,
    programs,
    facts: {
      kind: "document_request",
      category,
      subjectName: (memberId && application.memberNames.get(memberId)) || application.householdName,
      dueDate: calendar.addDuration(noticeDate, `P${DOCUMENT_REQUEST_DAYS}D`),
    },
    policies,
  };
}

/** A missed interview's facts: when it was, and by when the household may still be interviewed (the 30th day of the application, at least ten days on). */
export function missedInterviewFacts(
  appointmentAt: Date,
  submittedAt: Date | null,
  noticeDate: Date,
  calendar: BusinessCalendar,
): GatheredFacts {
  const thirtiethDay = submittedAt ? calendar.addDuration(submittedAt, `P${MISSED_INTERVIEW_RESCHEDULE_DAYS}D`).getTime() : 0;
  const tenDaysOn = calendar.addDuration(noticeDate, `P${DOCUMENT_REQUEST_DAYS}D`).getTime();
  return {
    facts: { kind: "missed_interview", appointmentAt, rescheduleBy: new Date(Math.max(thirtiethDay, tenDaysOn)) },
    policies: [noticePolicies.missedInterview],
  };
}

export const reminderFacts = (appointmentAt: Date, appointmentType: string): GatheredFacts => ({
  facts: { kind: "appointment_reminder", appointmentAt, appointmentType: appointmentType.replace(/_/g, " ") },
  policies: [],
});

/** The registry's citations of the policies a notice rests on, in the order given (a policy the registry lacks is left out). */
export async function citationsOf(db: Reader, policies: readonly string[]): Promise<string[]> {
  if (!policies.length) return [];
  const found = await db.policy.findMany({ where: { id: { in: [...policies] } }, select: { id: true, citation: true } });
  return [
    ...new Set(
      policies.map((id) => found.find((policy) => policy.id === id)?.citation).filter((citation): citation is string => Boolean(citation)),
    ),
  ];
}
