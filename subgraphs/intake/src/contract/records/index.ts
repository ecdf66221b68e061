import type { Resource } from "@pap/kernel/resource";
import { asset } from "./asset";
import { assetDisposal } from "./asset-disposal";
import { authorizedRepresentative } from "./authorized-representative";
import { childSupport } from "./child-support";
import { contact } from "./contact";
import { deduction } from "./deduction";
import { disabilityBenefit } from "./disability-benefit";
import { expense } from "./expense";
import { healthEnrollment } from "./health-enrollment";
import { healthPlan } from "./health-plan";
import { householdInfo } from "./household-info";
import { income } from "./income";
import { interview } from "./interview";
import { job } from "./job";
import { organization } from "./organization";
import { personRelationship } from "./person-relationship";
import { signature } from "./signature";
import { sponsor } from "./sponsor";
import { taxFiler } from "./tax-filer";

export {
  choice,
  day,
  entityRef,
  enumCheck,
  flag,
  incomeAmount,
  instant,
  memberId,
  money,
  nested,
  nestedList,
  personRef,
  personRefWith,
  recordBase,
  reference,
  requiredChoice,
  requiredDay,
  requiredIncomeAmount,
  requiredMoney,
  requiredNested,
  requiredText,
  text,
  wholeNumber,
} from "./fields";
export {
  asset,
  assetDisposal,
  authorizedRepresentative,
  childSupport,
  contact,
  deduction,
  disabilityBenefit,
  expense,
  healthEnrollment,
  healthPlan,
  householdInfo,
  income,
  interview,
  job,
  organization,
  personRelationship,
  signature,
  sponsor,
  taxFiler,
};
export { verification, verificationCategories, verificationStatuses, type VerificationStatus } from "./verification";

/** What a reference inside a record must name on the same application. */
export type ReferenceTarget = "member" | "contact" | "organization" | "job" | "healthPlan";

/**
 * A place in a record's body that names something else on the application: `person` (a PersonRef,
 * `{ type: member | contact, id }`), `entity` (an EntityRef, organizations too), `typed` (a `type`
 * field beside an id field: `idField` names it), or an id of one target. `[]` walks a list.
 */
export type ReferenceRule =
  | { path: string; kind: "person" | "entity" }
  | { path: string; kind: "typed"; idField: string }
  | { path: string; kind: "id"; target: ReferenceTarget };

/** One kind of application-level record: where it lives in the REST surface, how it is stored, what it names. */
export type ApplicationRecordKind = {
  resource: Resource;
  /** The path segment under `/intake/applications/{applicationId}/` (`tax-filers`). */
  segment: string;
  /** The item path's parameter (`taxFilerId`); absent for a singleton. */
  idParam?: string;
  /** One per application, read and written at the segment itself (GET, and PATCH creating on first write). */
  singleton?: boolean;
  /** Its events' object: `intake.<event>.created|updated|deleted`. */
  event: string;
  /** The Prisma delegate storing it. */
  delegate: string;
  /** It is about one member (`memberId`, required on create). */
  aboutMember?: boolean;
  references?: readonly ReferenceRule[];
  /** Whose id its events carry as subject: the application (default), or the member (an income's, as the contract has it). */
  eventSubject?: "application" | "member";
};

const id = (path: string, target: ReferenceTarget): ReferenceRule => ({ path, kind: "id", target });
const person = (path: string): ReferenceRule => ({ path, kind: "person" });

/** Every application-level record of resources.md §3.4, in the order the contract lists them. */
export const applicationRecords: readonly ApplicationRecordKind[] = [
  {
    resource: taxFiler,
    segment: "tax-filers",
    idParam: "taxFilerId",
    event: "tax_filer",
    delegate: "taxFiler",
    aboutMember: true,
    references: [person("spouse"), person("dependents[]"), person("personClaiming")],
  },
  {
    resource: healthPlan,
    segment: "health-plans",
    idParam: "healthPlanId",
    event: "health_plan",
    delegate: "healthPlan",
    references: [id("organizationId", "organization")],
  },
  {
    resource: healthEnrollment,
    segment: "health-enrollments",
    idParam: "healthEnrollmentId",
    event: "health_enrollment",
    delegate: "healthEnrollment",
    aboutMember: true,
    references: [id("healthPlanId", "healthPlan"), id("jobId", "job"), person("sponsor")],
  },
  { resource: contact, segment: "contacts", idParam: "contactId", event: "contact", delegate: "applicationContact" },
  { resource: organization, segment: "organizations", idParam: "organizationId", event: "organization", delegate: "organization" },
  {
    resource: personRelationship,
    segment: "person-relationships",
    idParam: "personRelationshipId",
    event: "person_relationship",
    delegate: "personRelationship",
    references: [person("from"), person("to")],
  },
  {
    resource: authorizedRepresentative,
    segment: "authorized-representatives",
    idParam: "authorizedRepresentativeId",
    event: "authorized_representative",
    delegate: "authorizedRepresentative",
    references: [{ path: "", kind: "typed", idField: "representativeId" }, person("inCareOf"), id("appointedByMemberId", "member")],
  },
  {
    resource: signature,
    segment: "signatures",
    idParam: "signatureId",
    event: "signature",
    delegate: "signature",
    references: [{ path: "signer", kind: "entity" }],
  },
  {
    resource: sponsor,
    segment: "sponsors",
    idParam: "sponsorId",
    event: "sponsor",
    delegate: "sponsor",
    references: [id("sponsoredMemberId", "member"), { path: "", kind: "typed", idField: "sponsorId" }, person("spouse")],
  },
  {
    resource: job,
    segment: "jobs",
    idParam: "jobId",
    event: "job",
    delegate: "job",
    aboutMember: true,
    references: [id("employerId", "organization")],
  },
  {
    resource: income,
    segment: "incomes",
    idParam: "incomeId",
    event: "member_income",
    delegate: "income",
    aboutMember: true,
    references: [id("jobId", "job")],
    eventSubject: "member",
  },
  { resource: asset, segment: "assets", idParam: "assetId", event: "asset", delegate: "asset", aboutMember: true },
  {
    resource: assetDisposal,
    segment: "asset-disposals",
    idParam: "assetDisposalId",
    event: "asset_disposal",
    delegate: "assetDisposal",
    aboutMember: true,
  },
  { resource: expense, segment: "expenses", idParam: "expenseId", event: "expense", delegate: "expense", aboutMember: true },
  {
    resource: disabilityBenefit,
    segment: "disability-benefits",
    idParam: "disabilityBenefitId",
    event: "disability_benefit",
    delegate: "disabilityBenefit",
    aboutMember: true,
  },
  { resource: deduction, segment: "deductions", idParam: "deductionId", event: "deduction", delegate: "deduction", aboutMember: true },
  {
    resource: householdInfo,
    segment: "household-info",
    singleton: true,
    event: "household_info",
    delegate: "householdInfo",
    references: [person("roomers[]")],
  },
  {
    resource: childSupport,
    segment: "child-support",
    singleton: true,
    event: "child_support",
    delegate: "childSupport",
    references: [person("parentsOutsideHome[]"), person("parentsOutsideHome[].children[]")],
  },
  { resource: interview, segment: "interview", singleton: true, event: "interview", delegate: "interview" },
];
