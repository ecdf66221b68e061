import { presentEntries } from "@pap/kernel/validation";
import type { Prisma, PrismaClient } from "@pap/db";

/**
 * What the adapter is told of an application: its members with their money records, the household,
 * the expedited answers and the verifications' state, in the contract's member shape (SPEC §4.7,
 * resources.md §11). It is read from intake's tables, never written: intake owns them, and this is the
 * one place eligibility reads them (a graph query would replace it if intake had its own database).
 */
export type ApplicationFacts = {
  applicationId: string;
  members: MemberFacts[];
  household: Record<string, unknown>;
  application: { expeditedSnap?: unknown; utilities?: unknown };
  verificationSummary: { category: string; status: string; memberId?: string }[];
};

export type MemberFacts = Record<string, unknown> & { id: string; programsAppliedFor: string[] };

type Reader = PrismaClient | Prisma.TransactionClient;

/** The application's facts, or null when it no longer exists. */
export async function readApplicationFacts(db: Reader, applicationId: string): Promise<ApplicationFacts | null> {
  const application = await db.application.findUnique({
    where: { id: applicationId },
    select: {
      id: true,
      expeditedSnap: true,
      utilities: true,
      householdInfo: {
        select: { roomers: true, utilitiesIncludedInRent: true, isSubsidizedHousing: true, receivedTanfInAnotherState: true },
      },
      members: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          roles: true,
          programsAppliedFor: true,
          purchasesAndPreparesFood: true,
          isMigrantFarmWorker: true,
          personalInformation: true,
          disability: true,
          incomes: { orderBy: { createdAt: "asc" }, select: { id: true, type: true, amount: true, frequency: true } },
          expenses: { orderBy: { createdAt: "asc" }, select: { id: true, type: true, amount: true, legallyObligatedAmount: true } },
          assets: { orderBy: { createdAt: "asc" }, select: { id: true, type: true, value: true, primaryUse: true } },
        },
      },
      verifications: { orderBy: { createdAt: "asc" }, select: { category: true, status: true, sourceType: true, sourceId: true } },
    },
  });
  if (!application) return null;
  const members = application.members.map(({ incomes, expenses, assets, personalInformation, disability, ...member }) => ({
    ...presentEntries({ ...member, personalInformation, disability }),
    id: member.id,
    programsAppliedFor: member.programsAppliedFor,
    income: incomes.map(presentEntries),
    expenses: expenses.map(presentEntries),
    assets: assets.map(presentEntries),
  }));
  // Destitution is asked with the expedited questions; the contract carries it on the household.
  const isDestitute = (application.expeditedSnap as { isDestitute?: unknown } | null)?.isDestitute;
  const household = presentEntries({
    ...application.householdInfo,
    isMigrantOrSeasonalFarmWorker: application.members.some((member) => member.isMigrantFarmWorker === true) || undefined,
    isDestitute: typeof isDestitute === "boolean" ? isDestitute : undefined,
  });
  return {
    applicationId: application.id,
    members,
    household,
    application: presentEntries({ expeditedSnap: application.expeditedSnap, utilities: application.utilities }),
    verificationSummary: application.verifications.map((verification) => ({
      category: verification.category,
      status: verification.status,
      ...(verification.sourceType === "member" && verification.sourceId && { memberId: verification.sourceId }),
    })),
  };
}
