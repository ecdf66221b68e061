import type { DocumentRequestCategory, NoticeLanguage, NoticeType } from "../domain/vocabulary";

/**
 * The words of every notice, per language: a title and paragraphs per notice type, with `{name}`
 * placeholders the composer fills, and the labels the structured parts (decisions, figures, hearing
 * rights) are written with. Adding a language is adding an entry here (and to `noticeLanguages`).
 */
export type NoticeTemplate = { title: string; paragraphs: string[] };

export type NoticeWording = {
  types: Record<NoticeType, NoticeTemplate>;
  labels: {
    noticeDate: string;
    application: string;
    to: string;
    legalBasis: string;
    program: Record<string, string>;
    category: Record<DocumentRequestCategory, string>;
    result: Record<"approved" | "denied" | "ineligible", string>;
    decisionHeading: string;
    member: string;
    reasons: string;
    figures: string;
    benefitHeading: string;
    monthlyBenefit: string;
    benefitPeriod: string;
    hearingHeading: string;
    hearing: string;
    figure: Record<string, string>;
    outcome: Record<"passed" | "failed" | "applied", string>;
  };
};

const englishCategories: Record<DocumentRequestCategory, string> = {
  citizenship: "citizenship",
  identity: "identity",
  immigration: "immigration status",
  income: "income",
  residency: "address",
};

const documentRequest = (category: DocumentRequestCategory): NoticeTemplate => ({
  title: `We need proof of your ${englishCategories[category]}`,
  paragraphs: [
    `To decide your application, we need a document that shows {subject}'s ${englishCategories[category]}. We could not confirm it from the records we checked.`,
    "Please send a copy by {dueDate}. You can upload it online, mail it, or bring it to your local office. Write your application number on each page.",
    "If you cannot get this document, call us before {dueDate}: we can help you get it, or accept another kind of proof.",
  ],
});

const spanishCategories: Record<DocumentRequestCategory, string> = {
  citizenship: "la ciudadanía",
  identity: "la identidad",
  immigration: "la situación migratoria",
  income: "los ingresos",
  residency: "el domicilio",
};

/** How a title names what is asked for ("su domicilio"): the category with a possessive rather than an article. */
const spanishTitles: Record<DocumentRequestCategory, string> = {
  citizenship: "su ciudadanía",
  identity: "su identidad",
  immigration: "su situación migratoria",
  income: "sus ingresos",
  residency: "su domicilio",
};

const solicitudDeDocumentos = (category: DocumentRequestCategory): NoticeTemplate => ({
  title: `Necesitamos un comprobante de ${spanishTitles[category]}`,
  paragraphs: [
    `Para decidir su solicitud, necesitamos un documento que demuestre ${spanishCategories[category]} de {subject}. No pudimos confirmarlo con los registros que consultamos.`,
    "Envíe una copia a más tardar el {dueDate}. Puede subirla en línea, enviarla por correo o traerla a su oficina local. Escriba su número de solicitud en cada página.",
    "Si no puede conseguir este documento, llámenos antes del {dueDate}: podemos ayudarle a obtenerlo o aceptar otro tipo de comprobante.",
  ],
});

export const noticeWording: Record<NoticeLanguage, NoticeWording> = {
  en: {
    types: {
      document_request_citizenship_verification: documentRequest("citizenship"),
      document_request_identity_verification: documentRequest("identity"),
      document_request_immigration_verification: documentRequest("immigration"),
      document_request_income_verification: documentRequest("income"),
      document_request_residency_verification: documentRequest("residency"),
      notice_of_eligibility: {
        title: "Notice of eligibility: {program}",
        paragraphs: [
          "We have decided your application for {program}. This notice tells you what we decided for each person, why, and what it is based on.",
        ],
      },
      notice_of_denial: {
        title: "Notice of denial: {program}",
        paragraphs: [
          "We have decided your application for {program}. We are not able to approve it. This notice tells you why, and the figures our decision is based on.",
        ],
      },
      notice_of_action: {
        title: "Notice of action: {program}",
        paragraphs: [
          "We have made a decision about your {program} benefits. This notice tells you what we decided, why, and what it is based on.",
        ],
      },
      notice_of_missed_interview: {
        title: "You missed your interview",
        paragraphs: [
          "You were scheduled for an interview on {appointmentAt} for your SNAP application, and the interview did not take place.",
          "An interview is required before we can approve SNAP benefits. Call us to reschedule by {rescheduleBy}. If we do not hear from you by then, your application may be denied.",
        ],
      },
      appointment_reminder: {
        title: "Reminder: your appointment on {appointmentAt}",
        paragraphs: [
          "This is a reminder of your {appointmentType} on {appointmentAt}.",
          "If you cannot come at this time, call us before the appointment to reschedule it.",
        ],
      },
    },
    labels: {
      noticeDate: "Date of this notice",
      application: "Application number",
      to: "To",
      legalBasis: "This notice is sent under",
      program: {
        snap: "SNAP (food assistance)",
        medicaid: "Medicaid",
        chip: "CHIP",
        tanf: "TANF (cash assistance)",
        aca: "health coverage through the Marketplace",
      },
      category: englishCategories,
      result: { approved: "Approved", denied: "Denied", ineligible: "Not eligible" },
      decisionHeading: "Our decision",
      member: "Person",
      reasons: "Why",
      figures: "What we counted",
      benefitHeading: "Your benefit",
      monthlyBenefit: "Monthly benefit",
      benefitPeriod: "Benefit period",
      hearingHeading: "Your right to a fair hearing",
      hearing:
        "If you disagree with this decision, you have the right to ask for a fair hearing. You must ask by {deadline} ({days} days from the date of this notice). You can ask by phone, in writing, or in person. You may bring someone to help you. ({citation})",
      figure: {
        householdSize: "Household size",
        grossIncome: "Gross monthly income",
        netIncome: "Net monthly income",
        adjustedIncome: "Adjusted income",
        earnedIncome: "Earned income",
        unearnedIncome: "Unearned income",
        monthlyIncome: "Monthly income",
        resources: "Resources",
        limit: "Limit",
        monthlyBenefit: "Monthly benefit",
        maximumAllotment: "Maximum benefit for the household size",
        deduction: "Deduction",
        age: "Age",
      },
      outcome: { passed: "met", failed: "not met", applied: "applied" },
    },
  },
  es: {
    types: {
      document_request_citizenship_verification: solicitudDeDocumentos("citizenship"),
      document_request_identity_verification: solicitudDeDocumentos("identity"),
      document_request_immigration_verification: solicitudDeDocumentos("immigration"),
      document_request_income_verification: solicitudDeDocumentos("income"),
      document_request_residency_verification: solicitudDeDocumentos("residency"),
      notice_of_eligibility: {
        title: "Aviso de elegibilidad: {program}",
        paragraphs: [
          "Hemos decidido su solicitud de {program}. Este aviso le informa lo que decidimos para cada persona, por qué y en qué se basa.",
        ],
      },
      notice_of_denial: {
        title: "Aviso de denegación: {program}",
        paragraphs: [
          "Hemos decidido su solicitud de {program}. No podemos aprobarla. Este aviso le explica por qué y las cifras en que se basa nuestra decisión.",
        ],
      },
      notice_of_action: {
        title: "Aviso de acción: {program}",
        paragraphs: [
          "Hemos tomado una decisión sobre sus beneficios de {program}. Este aviso le informa lo que decidimos, por qué y en qué se basa.",
        ],
      },
      notice_of_missed_interview: {
        title: "No asistió a su entrevista",
        paragraphs: [
          "Tenía una entrevista programada el {appointmentAt} para su solicitud de SNAP, y la entrevista no se realizó.",
          "Se requiere una entrevista antes de aprobar los beneficios de SNAP. Llámenos para programarla de nuevo a más tardar el {rescheduleBy}. Si no sabemos de usted para entonces, su solicitud podría ser denegada.",
        ],
      },
      appointment_reminder: {
        title: "Recordatorio: su cita el {appointmentAt}",
        paragraphs: [
          "Le recordamos su {appointmentType} el {appointmentAt}.",
          "Si no puede venir a esa hora, llámenos antes de la cita para cambiarla.",
        ],
      },
    },
    labels: {
      noticeDate: "Fecha de este aviso",
      application: "Número de solicitud",
      to: "Para",
      legalBasis: "Este aviso se envía conforme a",
      program: {
        snap: "SNAP (asistencia alimentaria)",
        medicaid: "Medicaid",
        chip: "CHIP",
        tanf: "TANF (asistencia monetaria)",
        aca: "cobertura médica del Mercado",
      },
      category: spanishCategories,
      result: { approved: "Aprobado", denied: "Denegado", ineligible: "No elegible" },
      decisionHeading: "Nuestra decisión",
      member: "Persona",
      reasons: "Por qué",
      figures: "Lo que contamos",
      benefitHeading: "Su beneficio",
      monthlyBenefit: "Beneficio mensual",
      benefitPeriod: "Período de beneficios",
      hearingHeading: "Su derecho a una audiencia imparcial",
      hearing:
        "Si no está de acuerdo con esta decisión, tiene derecho a pedir una audiencia imparcial. Debe pedirla a más tardar el {deadline} ({days} días a partir de la fecha de este aviso). Puede pedirla por teléfono, por escrito o en persona. Puede traer a alguien que le ayude. ({citation})",
      figure: {
        householdSize: "Tamaño del hogar",
        grossIncome: "Ingreso mensual bruto",
        netIncome: "Ingreso mensual neto",
        adjustedIncome: "Ingreso ajustado",
        earnedIncome: "Ingreso del trabajo",
        unearnedIncome: "Otros ingresos",
        monthlyIncome: "Ingreso mensual",
        resources: "Recursos",
        limit: "Límite",
        monthlyBenefit: "Beneficio mensual",
        maximumAllotment: "Beneficio máximo para el tamaño del hogar",
        deduction: "Deducción",
        age: "Edad",
      },
      outcome: { passed: "cumplido", failed: "no cumplido", applied: "aplicado" },
    },
  },
};
