import { checkSection, readDeploymentSource } from "@pap/core";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { configuredWording, noticesSection } from "./deployment";
import { noticeWording } from "./templates";

const fileHolding = (yaml: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pap-notices-config-")), "deployment.yaml");
  writeFileSync(file, yaml);
  return file;
};

const problemsOf = (yaml: string) =>
  checkSection(noticesSection, readDeploymentSource(fileHolding(yaml))).problems.map((problem) => `${problem.path}: ${problem.message}`);

describe("the notices' section of a deployment file", () => {
  it("keeps the built-in words when the file leaves the section out", () => {
    expect(problemsOf("platform: {}\n")).toEqual([]);
    expect(problemsOf("notices: {}\n")).toEqual([]);
    expect(configuredWording({ PLATFORM_CONFIG: fileHolding("notices: {}\n") })).toEqual(noticeWording);
    expect(configuredWording({ PLATFORM_CONFIG: fileHolding("platform: {}\n") })).toEqual(noticeWording);
  });

  it("replaces the words of the notices it names, in the languages it names, and keeps the others", () => {
    const file = fileHolding(`
notices:
  templates:
    es:
      appointment_reminder:
        title: "Su cita: {appointmentAt}"
        paragraphs: ["Le esperamos el {appointmentAt} en la oficina del condado de Kern ({appointmentType})."]
  labels:
    en:
      hearing: "Call 1-800-555-0100 by {deadline} ({days} days) to ask for a fair hearing. ({citation})"
`);
    const wording = configuredWording({ PLATFORM_CONFIG: file });
    expect(wording.es.types.appointment_reminder.title).toBe("Su cita: {appointmentAt}");
    expect(wording.es.types.notice_of_denial).toEqual(noticeWording.es.types.notice_of_denial);
    expect(wording.en.types.appointment_reminder).toEqual(noticeWording.en.types.appointment_reminder);
    expect(wording.en.labels.hearing).toMatch(/^Call 1-800-555-0100/);
    expect(wording.es.labels.hearing).toBe(noticeWording.es.labels.hearing);
  });

  it("lists every problem: a placeholder the notice does not fill, an unknown type or language, an empty template", () => {
    expect(
      problemsOf(`
notices:
  templates:
    en:
      notice_of_denial: { title: "Denied: {program} for {memberName}", paragraphs: ["{deadline}"] }
      notice_of_nothing: { title: "x", paragraphs: ["y"] }
      appointment_reminder: { title: "", paragraphs: [] }
    fr:
      notice_of_denial: { title: "Refus", paragraphs: ["Refusé"] }
  labels:
    es:
      hearing: "Llame antes del {fecha}"
`).sort(),
    ).toEqual([
      "notices.labels.es.hearing: uses {fecha}, which this notice does not fill (it fills {deadline}, {days}, {citation})",
      "notices.templates.en.appointment_reminder.paragraphs: must hold at least one paragraph",
      "notices.templates.en.appointment_reminder.title: must not be empty",
      "notices.templates.en.notice_of_denial.paragraphs[0]: uses {deadline}, which this notice does not fill (it fills {program})",
      "notices.templates.en.notice_of_denial.title: uses {memberName}, which this notice does not fill (it fills {program})",
      'notices.templates.en: Unrecognized key: "notice_of_nothing"',
      'notices.templates: Unrecognized key: "fr"',
    ]);
  });
});
