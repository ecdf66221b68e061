import { defineConfigSection } from "@pap/core";
import { z } from "zod";
import { noticeLanguages, noticeTypes, type NoticeLanguage, type NoticeType } from "../domain/vocabulary";
import { noticeWording, type NoticeTemplate, type NoticeWording } from "./templates";

const template = z.strictObject({
  title: z.string().trim().min(1, "must not be empty").max(300),
  paragraphs: z.array(z.string().trim().min(1, "must not be empty").max(4000)).min(1, "must hold at least one paragraph").max(20),
});

/** The placeholders each notice's template may use: the composer fills these and no others. */
const placeholdersOf = (type: NoticeType): readonly string[] =>
  type.startsWith("document_request_")
    ? ["subject", "dueDate"]
    : type === "notice_of_missed_interview"
      ? ["appointmentAt", "rescheduleBy"]
      : type === "appointment_reminder"
        ? ["appointmentAt", "appointmentType"]
        : ["program"];

const hearingPlaceholders = ["deadline", "days", "citation"];

const languageTemplates = z.partialRecord(z.enum(noticeTypes), template);
const languageLabels = z.strictObject({ hearing: z.string().trim().min(1).max(4000) }).partial();

/** What a deployment may change of its notices: each type's title and paragraphs per language, and the fair hearing's paragraph (its office, its phone). */
const notices = z
  .strictObject({
    templates: z.partialRecord(z.enum(noticeLanguages), languageTemplates).default({}),
    labels: z.partialRecord(z.enum(noticeLanguages), languageLabels).default({}),
  })
  .superRefine((section, ctx) => {
    const unknownPlaceholders = (text: string, allowed: readonly string[], path: (string | number)[]) => {
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
        if (!allowed.includes(name!))
          ctx.addIssue({
            code: "custom",
            path,
            message: `uses {${name}}, which this notice does not fill (it fills ${allowed.map((one) => `{${one}}`).join(", ")})`,
          });
      }
    };
    for (const [language, types] of Object.entries(section.templates)) {
      for (const [type, given] of Object.entries(types ?? {})) {
        if (!given) continue;
        const allowed = placeholdersOf(type as NoticeType);
        unknownPlaceholders(given.title, allowed, ["templates", language, type, "title"]);
        given.paragraphs.forEach((paragraph, index) =>
          unknownPlaceholders(paragraph, allowed, ["templates", language, type, "paragraphs", index]),
        );
      }
    }
    for (const [language, labels] of Object.entries(section.labels)) {
      if (labels?.hearing) unknownPlaceholders(labels.hearing, hearingPlaceholders, ["labels", language, "hearing"]);
    }
  });

const builtIn = {
  templates: Object.fromEntries(noticeLanguages.map((language) => [language, noticeWording[language].types])) as Record<
    NoticeLanguage,
    Record<NoticeType, NoticeTemplate>
  >,
  labels: Object.fromEntries(noticeLanguages.map((language) => [language, { hearing: noticeWording[language].labels.hearing }])) as Record<
    NoticeLanguage,
    { hearing: string }
  >,
};

/**
 * The notices' section of the deployment's configuration: every notice's words per language, the
 * built-in ones its example. A type or language the file leaves out keeps the built-in words.
 */
export const noticesSection = defineConfigSection("notices", notices, builtIn, (section) => {
  const given = Object.values(section.templates).reduce((count, types) => count + Object.keys(types ?? {}).length, 0);
  return `${given} notice templates in ${Object.keys(section.templates).length} languages`;
});

/** The words notices are written with: the deployment's templates and hearing paragraph over the built-in wording. */
export function configuredWording(env: NodeJS.ProcessEnv = process.env): Record<NoticeLanguage, NoticeWording> {
  const section = noticesSection.read(env);
  return Object.fromEntries(
    noticeLanguages.map((language) => {
      const base = noticeWording[language];
      return [
        language,
        {
          types: { ...base.types, ...(section.templates[language] ?? {}) },
          labels: { ...base.labels, ...(section.labels[language] ?? {}) },
        } as NoticeWording,
      ];
    }),
  ) as Record<NoticeLanguage, NoticeWording>;
}
