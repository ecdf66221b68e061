import { isUuid } from "@pap/core";
import { escapeLike } from "@pap/kernel/list";
import type { Prisma, PrismaClient } from "@pap/db";
import { loggedFromRow, type LoggedEvent } from "./envelope";
import type { EventFilter } from "./filter";

/** The Prisma `where` for a live filter, so catch-up reads skip non-matching events in SQL. */
export function whereOfFilter(filter: EventFilter): Prisma.PlatformEventWhereInput {
  const and: Prisma.PlatformEventWhereInput[] = [];
  if (filter.types?.length) {
    and.push({
      OR: filter.types.map((pattern) =>
        pattern.endsWith("*") ? { type: { startsWith: escapeLike(pattern.slice(0, -1)) } } : { type: pattern },
      ),
    });
  }
  if (filter.source !== undefined) and.push({ source: filter.source });
  // subject is a uuid column: a subject that is not a uuid names no event (rather than failing the cast).
  if (filter.subject !== undefined) and.push(isUuid(filter.subject) ? { subject: filter.subject.toLowerCase() } : { id: { in: [] } });
  return and.length ? { AND: and } : {};
}

/** Events after a position, in log order. */
export async function readLogAfter(
  db: Pick<PrismaClient, "platformEvent">,
  after: bigint,
  limit: number,
  filter: EventFilter = {},
): Promise<LoggedEvent[]> {
  const rows = await db.platformEvent.findMany({
    where: { position: { gt: after }, ...whereOfFilter(filter) },
    orderBy: { position: "asc" },
    take: limit,
  });
  return rows.map(loggedFromRow);
}

/** The position of the newest numbered event (0 for an empty log). */
export async function headOfLog(db: Pick<PrismaClient, "platformEvent">): Promise<bigint> {
  const newest = await db.platformEvent.findFirst({
    where: { position: { not: null } },
    orderBy: { position: "desc" },
    select: { position: true },
  });
  return newest?.position ?? 0n;
}
