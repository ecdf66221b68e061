import type { Prisma } from "@pap/db";

/**
 * The county of a task's subject, when the subject is an application or a case: the anchors whose
 * county decides who reaches everything hanging off them. Intake and case management own those
 * tables; they are read here because the domains share one database, and a task opened by a
 * caseworker must belong where its subject does without asking the other domains over the network.
 * `exists` is false for an id that names no such record; a subject of another type has no county here.
 */
export async function countyOfSubject(
  tx: Prisma.TransactionClient,
  subjectType: string | null | undefined,
  subjectId: string | null | undefined,
): Promise<{ anchored: boolean; exists: boolean; county: string | null }> {
  if (!subjectId || (subjectType !== "application" && subjectType !== "case")) return { anchored: false, exists: false, county: null };
  const found =
    subjectType === "application"
      ? await tx.application.findUnique({ where: { id: subjectId }, select: { county: true } })
      : await tx.case.findUnique({ where: { id: subjectId }, select: { county: true } });
  return { anchored: true, exists: found !== null, county: found?.county ?? null };
}
