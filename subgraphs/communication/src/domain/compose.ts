import type { NoticeWording } from "../config/templates";
import type { DocumentRequestCategory, NoticeLanguage, NoticeType } from "./vocabulary";

/** One rule of a decision's explanation as the notice states it. */
export type ExplainedRule = {
  description: string;
  citation: string;
  outcome: "passed" | "failed" | "applied";
  figures: Record<string, unknown>;
};

export type MemberDecision = {
  memberName: string;
  result: "approved" | "denied" | "ineligible";
  rules: ExplainedRule[];
  figures: Record<string, unknown>;
};

/** What a notice says, by kind: the facts gathered from the records when it is issued. */
export type NoticeFacts =
  | { kind: "document_request"; category: DocumentRequestCategory; subjectName: string; dueDate: Date }
  | {
      kind: "decision";
      program: string;
      members: MemberDecision[];
      monthlyBenefit: number | null;
      benefitPeriod: { from: Date; to: Date } | null;
      hearing: { deadline: Date; days: number; citation: string };
    }
  | { kind: "missed_interview"; appointmentAt: Date; rescheduleBy: Date }
  | { kind: "appointment_reminder"; appointmentAt: Date; appointmentType: string };

export type NoticeHeader = {
  type: NoticeType;
  language: NoticeLanguage;
  applicationId: string;
  noticeDate: Date;
  /** The household's name as the notice is addressed (the primary applicant's). */
  householdName: string;
  /** The regulations the notice rests on, as the policy registry cites them. */
  citations: string[];
  timeZone: string;
};

export type NoticeSection = { heading?: string; paragraphs: string[]; items?: string[] };

/** A notice's text, ready to lay out: what the PDF shows, and what a test reads back from it. */
export type ComposedNotice = {
  language: NoticeLanguage;
  title: string;
  lines: string[];
  sections: NoticeSection[];
};

const locale = (language: NoticeLanguage) => (language === "es" ? "es-US" : "en-US");

export const formatDate = (date: Date, language: NoticeLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: "long", timeZone }).format(date);

export const formatDateTime = (date: Date, language: NoticeLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: "long", timeStyle: "short", timeZone }).format(date);

export const formatMoney = (amount: number, language: NoticeLanguage) =>
  new Intl.NumberFormat(locale(language), { style: "currency", currency: "USD" }).format(amount);

/** Fills `{name}` placeholders; one without a value is left visible rather than silently dropped. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const MONEY_FIGURES = /income|benefit|resources|limit|deduction|allotment|costs|amount/i;

/** A figure as the notice prints it: money in dollars, counts as numbers, nested limits flattened by their label. */
function figureLines(figures: Record<string, unknown>, wording: NoticeWording, language: NoticeLanguage): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(figures)) {
    const label = wording.labels.figure[key];
    if (!label) continue;
    if (typeof value === "number") lines.push(`${label}: ${MONEY_FIGURES.test(key) ? formatMoney(value, language) : String(value)}`);
    else if (typeof value === "string" && value.trim()) lines.push(`${label}: ${value}`);
  }
  return lines;
}

function decisionSections(
  facts: Extract<NoticeFacts, { kind: "decision" }>,
  header: NoticeHeader,
  wording: NoticeWording,
): NoticeSection[] {
  const { labels } = wording;
  const { language, timeZone } = header;
  const members: NoticeSection[] = facts.members.map((member) => {
    // A denial states the rules that were not met; an approval states every rule it rests on.
    const stated = member.result === "approved" ? member.rules : member.rules.filter((rule) => rule.outcome === "failed");
    const counted = figureLines(member.figures, wording, language);
    return {
      heading: `${labels.member}: ${member.memberName} — ${labels.program[facts.program] ?? facts.program}: ${labels.result[member.result]}`,
      paragraphs: [...(counted.length ? [`${labels.figures}: ${counted.join("; ")}.`] : []), `${labels.reasons}:`],
      items: stated.map((rule) => {
        const figures = figureLines(rule.figures, wording, language);
        return `${rule.description} (${rule.citation}) — ${labels.outcome[rule.outcome]}${figures.length ? `; ${figures.join("; ")}` : ""}`;
      }),
    };
  });
  const benefit: NoticeSection[] =
    facts.monthlyBenefit !== null && facts.benefitPeriod
      ? [
          {
            heading: labels.benefitHeading,
            paragraphs: [
              `${labels.monthlyBenefit}: ${formatMoney(facts.monthlyBenefit, language)}`,
              `${labels.benefitPeriod}: ${formatDate(facts.benefitPeriod.from, language, timeZone)} – ${formatDate(facts.benefitPeriod.to, language, timeZone)}`,
            ],
          },
        ]
      : [];
  const hearing: NoticeSection = {
    heading: labels.hearingHeading,
    paragraphs: [
      fill(labels.hearing, {
        deadline: formatDate(facts.hearing.deadline, language, timeZone),
        days: String(facts.hearing.days),
        citation: facts.hearing.citation,
      }),
    ],
  };
  return [{ heading: labels.decisionHeading, paragraphs: [] }, ...members, ...benefit, hearing];
}

/** The values a type's template fills in from the facts. */
function placeholders(facts: NoticeFacts, header: NoticeHeader, wording: NoticeWording): Record<string, string> {
  const { language, timeZone } = header;
  switch (facts.kind) {
    case "document_request":
      return { subject: facts.subjectName, dueDate: formatDate(facts.dueDate, language, timeZone) };
    case "decision":
      return { program: wording.labels.program[facts.program] ?? facts.program };
    case "missed_interview":
      return {
        appointmentAt: formatDateTime(facts.appointmentAt, language, timeZone),
        rescheduleBy: formatDate(facts.rescheduleBy, language, timeZone),
      };
    case "appointment_reminder":
      return { appointmentAt: formatDateTime(facts.appointmentAt, language, timeZone), appointmentType: facts.appointmentType };
  }
}

/**
 * A notice's text from its type's template in its language and the facts: the heading lines (date,
 * application, addressee), the template's paragraphs filled in, for a decision the outcome per member
 * and program with its reasons, figures and citations, the benefit and its period and the right to a
 * fair hearing with its deadline, and the regulations it is sent under.
 */
export function composeNotice(header: NoticeHeader, facts: NoticeFacts, wording: NoticeWording): ComposedNotice {
  const { labels } = wording;
  const template = wording.types[header.type];
  const values = placeholders(facts, header, wording);
  const sections: NoticeSection[] = [{ paragraphs: template.paragraphs.map((paragraph) => fill(paragraph, values)) }];
  if (facts.kind === "decision") sections.push(...decisionSections(facts, header, wording));
  if (header.citations.length) sections.push({ paragraphs: [`${labels.legalBasis}: ${header.citations.join("; ")}.`] });
  return {
    language: header.language,
    title: fill(template.title, values),
    lines: [
      `${labels.noticeDate}: ${formatDate(header.noticeDate, header.language, header.timeZone)}`,
      `${labels.application}: ${header.applicationId}`,
      `${labels.to}: ${header.householdName}`,
    ],
    sections,
  };
}
