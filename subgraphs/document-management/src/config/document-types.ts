import type { RetentionTrigger } from "../contract/document-type";

/** A document type the configuration seeds (source `system`). */
export type DocumentTypeDefinition = {
  id: string;
  name: string;
  retentionYears: number;
  retentionTrigger: RetentionTrigger;
  description: string;
};

const kept = (id: string, name: string, description: string): DocumentTypeDefinition => ({
  id,
  name,
  retentionYears: 3,
  retentionTrigger: "case_closure",
  description,
});

/** The thirteen types every deployment starts with (configuration §1): three years after the case closes. */
export const seededDocumentTypes: readonly DocumentTypeDefinition[] = [
  kept("a1b2c3d4-e5f6-4a7b-8c9d-e0f1a2b3c4d5", "birth_certificate", "Identity and citizenship"),
  kept("b2c3d4e5-f6a7-4b8c-9d0e-f1a2b3c4d5e6", "state_id", "Identity"),
  kept("c3d4e5f6-a7b8-4c9d-0e1f-a2b3c4d5e6f7", "social_security_card", "Social Security number"),
  kept("d4e5f6a7-b8c9-4d0e-1f2a-b3c4d5e6f7a8", "citizenship_certificate", "Citizenship (N-560)"),
  kept("e5f6a7b8-c9d0-4e1f-2a3b-c4d5e6f7a8b9", "naturalization_certificate", "Citizenship (N-550)"),
  kept("f6a7b8c9-d0e1-4f2a-3b4c-d5e6f7a8b9c0", "immigration_document", "Qualified non-citizen status"),
  kept("a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1", "pay_stub", "Earned income"),
  kept("b8c9d0e1-f2a3-4b4c-5d6e-f7a8b9c0d1e2", "benefit_award_letter", "Unearned income"),
  kept("c9d0e1f2-a3b4-4c5d-6e7f-a8b9c0d1e2f3", "self_employment_statement", "Self-employment income"),
  kept("d0e1f2a3-b4c5-4d6e-7f8a-b9c0d1e2f3a4", "utility_bill", "Residency"),
  kept("e1f2a3b4-c5d6-4e7f-8a9b-c0d1e2f3a4b5", "lease_agreement", "Residency and housing cost"),
  kept("f2a3b4c5-d6e7-4f8a-9b0c-d1e2f3a4b5c6", "bank_statement", "Liquid assets"),
  kept("a3b4c5d6-e7f8-4a9b-0c1d-e2f3a4b5c6d7", "medical_bill", "Medical deduction"),
];

/** The rendered notices the communication domain files for a household: kept like the household's other papers. */
export const NOTICE_DOCUMENT_TYPE_ID = "c5d6e7f8-a9b0-4c1d-8e2f-a3b4c5d6e7f8";

/** What configuration seeds: the thirteen of the reference's configuration, and the platform's own type for notices. */
export const platformDocumentTypes: readonly DocumentTypeDefinition[] = [
  ...seededDocumentTypes,
  kept(NOTICE_DOCUMENT_TYPE_ID, "notice", "Notices sent to the household (rendered by the communication domain)"),
];
