// Determinations and decisions for tests that need one to exist. Nothing outside the platform
// creates them (its reaction to a submitted application does), so they are written straight to
// the store; the platform's reactions are tested in eligibility/reactions.test.ts.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@pap/db";

export type EligibilityFixture = { applicationId: string; determinationId: string; decisionId: string; memberId: string };

/** A determination in `status` with one decision in `decisionStatus` (a pending determination and a pending decision by default). */
export async function determinationFixture(
  db: PrismaClient,
  options: {
    status?: "pending" | "in_progress" | "completed" | "withdrawn";
    decisionStatus?: "pending" | "approved" | "denied" | "ineligible";
    program?: "snap" | "medicaid";
  } = {},
): Promise<EligibilityFixture> {
  const applicationId = randomUUID();
  const memberId = randomUUID();
  const determination = await db.determination.create({ data: { applicationId, status: options.status ?? "pending" } });
  const decision = await db.decision.create({
    data: {
      determinationId: determination.id,
      applicationId,
      memberId,
      program: options.program ?? "snap",
      status: options.decisionStatus ?? "pending",
    },
  });
  return { applicationId, determinationId: determination.id, decisionId: decision.id, memberId };
}
