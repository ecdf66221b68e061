/**
 * What the engine reads: the adapter contract's request bodies (SPEC §4.7) as plain data, after the HTTP
 * layer has checked their shapes. Member records come in either of the contract's two shapes — the
 * older flat member (`dateOfBirth`, `isDisabled`, expense `category`) and intake's nested member
 * (`personalInformation.dateOfBirth`, `disability.isDisabled`, expense `type`) — and are read the same.
 */
import type { IsoDate } from "../rules";

export type Program = "snap" | "medicaid" | "chip" | "tanf" | "aca" | "ccdf";

export type IncomeRecord = {
  id?: string;
  type: string;
  /** Dollars per `frequency`. */
  amount: number;
  frequency: string;
  hoursPerWeek?: number;
  daysPerWeek?: number;
  startDate?: IsoDate;
  endDate?: IsoDate;
};

export type ExpenseRecord = {
  id?: string;
  /** Intake's expense kind: rent, mortgage, dependent_care, medical, child_support, alimony, other. */
  type?: string;
  /** The older kind: housing, utilities, childcare, medical, dependent_care, child_support_paid, other. */
  category?: string;
  amount: number;
  /** Absent: monthly. */
  frequency?: string;
  legallyObligatedAmount?: number;
};

export type AssetRecord = { id?: string; type: string; value: number; primaryUse?: string };

export type MemberContext = {
  id?: string;
  roles?: string[];
  dateOfBirth?: IsoDate;
  isDisabled?: boolean;
  personalInformation?: { dateOfBirth?: IsoDate };
  disability?: { isDisabled?: boolean };
  isMigrantFarmWorker?: boolean;
  purchasesAndPreparesFood?: boolean;
  income?: IncomeRecord[];
  expenses?: ExpenseRecord[];
  assets?: AssetRecord[];
};

export type Household = {
  roomers?: { type: "member" | "contact"; id: string; amountPaidForRent?: number; mealsIncludedWithRent?: boolean }[];
  utilitiesIncludedInRent?: boolean;
  isSubsidizedHousing?: boolean;
  receivedTanfInAnotherState?: boolean;
  /** The older household record's farmworker flag. */
  isMigrantOrSeasonalFarmWorker?: boolean;
  /** Whether the household is destitute (7 CFR 273.10(e)(3)); intake does not record it yet, so a caller that knows says so. */
  isDestitute?: boolean;
  /** The older household record's monthly housing and utility costs. */
  housingCosts?: number;
  utilityCosts?: number;
};

export type ExpeditedAnswers = {
  totalMoneyExpectedThisMonth?: number;
  totalCashOnHand?: number;
  monthlyMortgage?: number;
  monthlyRent?: number;
  monthlyUtilities?: number;
  receivedSnapInLast30Days?: boolean;
};

export type UtilitiesAnswers = { heatCoolMethod?: string; heatCoolMethodOther?: string; receivesLiheap?: boolean };

/** The application's own answers the SNAP rules read (intake's `expeditedSnap` and `utilities`). */
export type ApplicationAnswers = { expeditedSnap?: ExpeditedAnswers; utilities?: UtilitiesAnswers };

export type VerificationSummaryEntry = {
  category?: string;
  status: "pending" | "inconclusive" | "satisfied" | "waived" | "cannot_verify";
  memberId?: string;
};

export type ElectronicCheck = { serviceType: string; result: "conclusive" | "inconclusive" | "partial" | "error"; receivedAt?: string };

/** When the evaluation happens; absent, the adapter's clock says today. */
type Dated = { evaluationDate?: IsoDate };

export type ExpeditedScreeningRequest = Dated & { household: Household; application?: ApplicationAnswers; members?: MemberContext[] };

export type SnapDeterminationRequest = Dated & {
  program: "snap";
  members: MemberContext[];
  household: Household;
  application?: ApplicationAnswers;
  verificationSummary: VerificationSummaryEntry[];
};

export type MemberDeterminationRequest = Dated & {
  program: Program;
  member: MemberContext;
  /** The MAGI household's size; absent, 1 (the member alone). */
  householdSize?: number;
  verificationSummary: VerificationSummaryEntry[];
};

export type ExParteRequest = Dated & {
  program: Program;
  member: MemberContext;
  householdSize?: number;
  electronicChecks: ElectronicCheck[];
};
