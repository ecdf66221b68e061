import { execFileSync } from "node:child_process";
import { composeNotice, type NoticeFacts, type NoticeHeader } from "../domain/compose";
import { noticeWording } from "../config/templates";
import { renderNoticePdf } from "./pdf";
import { renderPrintBatch } from "./print-batch";

/** The PDF's text as poppler's pdftotext reads it, with line breaks and runs of spaces made single spaces. */
const textOf = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");

const header = (overrides: Partial<NoticeHeader> = {}): NoticeHeader => ({
  type: "notice_of_eligibility",
  language: "en",
  applicationId: "6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b",
  noticeDate: new Date("2026-12-01T15:00:00Z"),
  householdName: "Ana Rivera",
  citations: ["7 CFR § 273.2(h)"],
  timeZone: "America/New_York",
  ...overrides,
});

const approval: NoticeFacts = {
  kind: "decision",
  program: "snap",
  members: [
    {
      memberName: "Ana Rivera",
      result: "approved",
      rules: [
        {
          description: "Net income at or below 100% of the poverty line",
          citation: "7 CFR 273.9(a)(2)",
          outcome: "passed",
          figures: { netIncome: 812.5, limit: 1305 },
        },
      ],
      figures: { householdSize: 2, grossIncome: 1450, monthlyBenefit: 302 },
    },
  ],
  monthlyBenefit: 302,
  benefitPeriod: { from: new Date("2026-12-01T05:00:00Z"), to: new Date("2027-11-30T05:00:00Z") },
  hearing: { deadline: new Date("2027-03-01T15:00:00Z"), days: 90, citation: "7 CFR § 273.15(g)" },
};

describe("a decision notice rendered to PDF", () => {
  it("states the outcome per member and program, the reasons with their figures and citations, the benefit and the hearing deadline", async () => {
    const text = textOf(await renderNoticePdf(composeNotice(header(), approval, noticeWording.en)));
    expect(text).toContain("Notice of eligibility: SNAP (food assistance)");
    expect(text).toContain("Ana Rivera — SNAP (food assistance): Approved");
    expect(text).toContain(
      "Net income at or below 100% of the poverty line (7 CFR 273.9(a)(2)) — met; Net monthly income: $812.50; Limit: $1,305.00",
    );
    expect(text).toContain("Household size: 2");
    expect(text).toContain("Monthly benefit: $302.00");
    expect(text).toContain("Benefit period: December 1, 2026 – November 30, 2027");
    expect(text).toContain("You must ask by March 1, 2027 (90 days from the date of this notice)");
    expect(text).toContain("7 CFR § 273.15(g)");
    expect(text).toContain("This notice is sent under: 7 CFR § 273.2(h).");
  });

  it("writes a denial in Spanish with the rule that was not met", async () => {
    const denial: NoticeFacts = {
      ...approval,
      members: [
        {
          memberName: "José Núñez",
          result: "denied",
          rules: [
            {
              description: "Gross income test",
              citation: "7 CFR 273.9(a)(1)",
              outcome: "failed",
              figures: { grossIncome: 4100, limit: 2798 },
            },
            { description: "Resource test", citation: "7 CFR 273.8", outcome: "passed", figures: {} },
          ],
          figures: {},
        },
      ],
      monthlyBenefit: null,
      benefitPeriod: null,
    };
    const text = textOf(
      await renderNoticePdf(composeNotice(header({ type: "notice_of_denial", language: "es" }), denial, noticeWording.es)),
    );
    expect(text).toContain("Aviso de denegación: SNAP (asistencia alimentaria)");
    expect(text).toContain("José Núñez — SNAP (asistencia alimentaria): Denegado");
    expect(text).toContain("Gross income test (7 CFR 273.9(a)(1)) — no cumplido; Ingreso mensual bruto: $4,100.00");
    expect(text).not.toContain("Resource test");
    expect(text).toContain("Debe pedirla a más tardar el 1 de marzo de 2027");
  });

  it("asks for the document a verification needs, by a due date in the platform's time zone", async () => {
    const facts: NoticeFacts = {
      kind: "document_request",
      category: "residency",
      subjectName: "Ana Rivera",
      dueDate: new Date("2026-12-11T04:30:00Z"),
    };
    const text = textOf(
      await renderNoticePdf(composeNotice(header({ type: "document_request_residency_verification" }), facts, noticeWording.en)),
    );
    expect(text).toContain("We need proof of your address");
    expect(text).toContain("a document that shows Ana Rivera's address");
    expect(text).toContain("Please send a copy by December 10, 2026.");
  });

  it("prints a batch: each copy's mailing cover, then the notice as filed", async () => {
    const notice = await renderNoticePdf(composeNotice(header(), approval, noticeWording.en));
    const batch = await renderPrintBatch([
      { cover: { deliveryId: "d-1", name: "Ana Rivera", addressLines: ["12 Elm St", "Springfield, IL 62701"] }, notice },
      { cover: { deliveryId: "d-2", name: "Legal Aid of Springfield", addressLines: ["1 Court Sq", "Springfield, IL 62701"] }, notice },
    ]);
    const text = textOf(batch);
    expect(text.indexOf("Copy d-1")).toBeLessThan(text.indexOf("Copy d-2"));
    // The benefit is stated twice in each notice (among the figures, and as the benefit): twice per copy.
    expect(text.match(/Monthly benefit: \$302\.00/g)?.length).toBe(4);
    expect(text).toContain("Legal Aid of Springfield 1 Court Sq Springfield, IL 62701");
  });
});
