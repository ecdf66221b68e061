import { applicationRecords, type ApplicationRecordKind } from "@pap/intake/contract";
import { expectStatus, type Json } from "./expectations";

/** What a valid record body may name on its application. */
export type RecordRefs = { memberId: string; contactId: string };

/** A valid create body for each household record kind, by its event object (also a valid PATCH body). */
export const recordSamples: Record<string, (refs: RecordRefs) => Record<string, unknown>> = {
  tax_filer: ({ memberId, contactId }) => ({
    memberId,
    filingJointlyWithSpouse: true,
    spouse: { type: "contact", id: contactId },
    dependents: [{ type: "member", id: memberId }],
  }),
  health_plan: () => ({ type: "medicare", medicareId: "1EG4-TE5-MK72", partA: { status: "entitled", isPremiumFree: true } }),
  health_enrollment: ({ memberId }) => ({ memberId, role: "subscriber", enrollmentStatus: "enrolled", startDate: "2026-01-01" }),
  contact: () => ({ name: { firstName: "Lee", lastName: "Outside" }, primaryPhone: "+1 217 555 0111" }),
  organization: () => ({ name: "Acme Foods", ein: "12-3456789" }),
  person_relationship: ({ memberId, contactId }) => ({
    from: { type: "contact", id: contactId },
    to: { type: "member", id: memberId },
    relationshipTypes: ["parent"],
  }),
  authorized_representative: ({ contactId }) => ({
    type: "contact",
    representativeId: contactId,
    receivesNotices: true,
    programs: ["snap"],
  }),
  signature: ({ memberId }) => ({
    signer: { type: "member", id: memberId, role: "applicant" },
    purpose: "application",
    signedAt: "2026-11-24T10:00:00.000Z",
    signatureMethod: "electronic",
  }),
  sponsor: ({ memberId, contactId }) => ({
    sponsoredMemberId: memberId,
    type: "contact",
    sponsorId: contactId,
    householdSize: 3,
    income: 42000,
  }),
  job: ({ memberId }) => ({ memberId, type: "employed", status: "active", hoursPerWeek: 30, startDate: "2025-05-01" }),
  member_income: ({ memberId }) => ({ memberId, type: "employed", amount: 1200, frequency: "monthly" }),
  asset: ({ memberId }) => ({ memberId, type: "vehicle", value: 4000, year: 2012, make: "Honda", model: "Civic" }),
  asset_disposal: ({ memberId }) => ({
    memberId,
    type: "vehicle",
    dateOfDisposal: "2026-06-01",
    amountReceived: 500,
    fairMarketValue: 3000,
  }),
  expense: ({ memberId }) => ({ memberId, amount: 700, type: "rent" }),
  disability_benefit: ({ memberId }) => ({ memberId, programType: "ssi", status: "active", startDate: "2024-02-01" }),
  deduction: ({ memberId }) => ({ memberId, amount: 150, type: "student_loan_interest", frequency: "monthly" }),
  household_info: ({ contactId }) => ({
    roomers: [{ type: "contact", id: contactId, amountPaidForRent: 200 }],
    isSubsidizedHousing: false,
  }),
  child_support: ({ contactId, memberId }) => ({
    goodCauseChildSupportWaiver: false,
    parentsOutsideHome: [{ type: "contact", id: contactId, children: [{ type: "member", id: memberId }] }],
  }),
  interview: () => ({ waiverGranted: false }),
};

export const recordKinds: readonly ApplicationRecordKind[] = applicationRecords;
export const kindByIdParam = new Map(applicationRecords.filter((kind) => kind.idParam).map((kind) => [kind.idParam!, kind]));
export const kindBySegment = new Map(applicationRecords.map((kind) => [kind.segment, kind]));

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body?: any }>;

/** An application's verifications, as intake lists them (at most 100). */
export const verificationsOf = async (api: { get(path: string): Promise<{ body?: any }> }, applicationId: string): Promise<any[]> =>
  (await api.get(`/intake/applications/${applicationId}/verifications?limit=100`)).body.items;

/** A member and a contact on the application, for records to name. */
export async function recordRefsOn(call: Call, applicationId: string): Promise<RecordRefs> {
  const member = await call("POST", `/intake/applications/${applicationId}/members`, { roles: ["household_member"] });
  const contact = await call("POST", `/intake/applications/${applicationId}/contacts`, recordSamples.contact!({} as RecordRefs));
  if (member.status !== 201 || contact.status !== 201) throw new Error(`fixture member/contact failed: ${member.status} ${contact.status}`);
  return { memberId: member.body.id, contactId: contact.body.id };
}

/** Writes one record of the kind on the application (a singleton's first write) and answers its id. */
export async function recordOn(call: Call, applicationId: string, kind: ApplicationRecordKind, refs?: RecordRefs): Promise<string> {
  const body = recordSamples[kind.event]!(refs ?? (await recordRefsOn(call, applicationId)));
  const path = `/intake/applications/${applicationId}/${kind.segment}`;
  const response = await call(kind.singleton ? "PATCH" : "POST", path, body);
  if (response.status !== (kind.singleton ? 200 : 201))
    throw new Error(`fixture ${kind.singleton ? "PATCH" : "POST"} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.id;
}

type Poster = { post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body?: any }> };

/** The applicant member signs the application electronically, then it is submitted; answers the submitted application. */
export async function signAndSubmit(
  api: Poster,
  applicationPath: string,
  signerId: string,
  caller?: Record<string, string>,
): Promise<Json> {
  await expectStatus(
    api.post(
      `${applicationPath}/signatures`,
      {
        signer: { type: "member", id: signerId, role: "applicant" },
        purpose: "application",
        signedAt: "2026-11-25T09:00:00Z",
        signatureMethod: "electronic",
      },
      caller,
    ),
    201,
    "signature",
  );
  return expectStatus(api.post(`${applicationPath}/submit`, undefined, caller), 200, "submit");
}

/** A sponsor of `memberId` with an SSN of its own and a spouse's: the sponsor record's two sensitive values. */
export async function sponsorWithSpouse(api: Poster, applicationId: string, memberId: string, ssns: { sponsor: string; spouse: string }) {
  const contact = await expectStatus(
    api.post(`/intake/applications/${applicationId}/contacts`, { name: { firstName: "Lee", lastName: "Sponsor" } }),
    201,
    "POST contact",
  );
  return expectStatus(
    api.post(`/intake/applications/${applicationId}/sponsors`, {
      sponsoredMemberId: memberId,
      type: "contact",
      sponsorId: contact.id,
      ssn: ssns.sponsor,
      spouse: { ssn: ssns.spouse, signedAffidavit: true },
    }),
    201,
    "POST sponsor",
  );
}
