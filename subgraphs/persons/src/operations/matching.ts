import type { Prisma, PrismaClient } from "@pap/db";
import {
  identityOf,
  matchKeyer,
  matchSecretFromEnv,
  resolveMatch,
  MAX_CANDIDATES,
  type FoundPerson,
  type Identity,
  type MatchKeyer,
  type MatchResolution,
} from "../domain/matching";

type Tx = Prisma.TransactionClient;

let configured: MatchKeyer | undefined;

/**
 * The process's keyer, from PERSON_MATCH_KEY. Read once: every write and every lookup of a process
 * must use the same secret, or keys written and keys looked up would never meet. (A production start
 * without a key of its own is refused by the launcher before this is ever read.)
 */
export function personMatchKeyer(): MatchKeyer {
  configured ??= matchKeyer(matchSecretFromEnv().secret);
  return configured;
}

/** The match key columns of a person record, as every create and update of a person stores them. */
export function matchKeyColumns(attributes: unknown, keyer: MatchKeyer = personMatchKeyer()) {
  return { ...keyer.keysOf(identityOf(attributes)), matchKeyVersion: keyer.version };
}

const BACKFILL_BATCH = 500;

/**
 * Derives the match keys of every person whose keys are missing (persons written before matching
 * existed) or were made under another secret or other rules; run at every start, before the
 * domain's consumers, so matching never reads stale keys. A migration cannot do it: the keys need
 * the deployment's secret, which only the running platform has.
 *
 * Each batch locks its rows, so a person being changed meanwhile keeps the keys its own write
 * derives, and several processes starting at once wait for each other rather than repeat the work:
 * none of them starts matching before every person's keys are current.
 * Deriving keys is not a change of the record: no event, and `updatedAt` stays.
 */
export async function refreshMatchKeys(db: PrismaClient, keyer: MatchKeyer = personMatchKeyer()): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      // Written as two ranges rather than `<>`, so that the version's index finds the rows.
      const stale = await tx.$queryRaw<Array<{ id: string; attributes: unknown }>>`
        SELECT id, attributes FROM person
        WHERE "matchKeyVersion" IS NULL OR "matchKeyVersion" < ${keyer.version} OR "matchKeyVersion" > ${keyer.version}
        LIMIT ${BACKFILL_BATCH} FOR UPDATE`;
      if (stale.length) {
        const keys = stale.map((row) => keyer.keysOf(identityOf(row.attributes)));
        // No change of the person as clients see it: its version (updatedAt) stays (record_version trigger).
        await tx.$executeRaw`SELECT set_config('pap.keep_version', 'on', true)`;
        await tx.$executeRaw`
          UPDATE person AS p SET "ssnKey" = k.ssn_key, "nameBirthKey" = k.name_birth_key, "matchKeyVersion" = ${keyer.version}
          FROM unnest(${stale.map((row) => row.id)}::uuid[], ${keys.map((key) => key.ssnKey)}::text[], ${keys.map((key) => key.nameBirthKey)}::text[])
            AS k(id, ssn_key, name_birth_key)
          WHERE p.id = k.id`;
      }
      refreshed += stale.length;
      // Done only when a lookup finds none: a short batch may just mean another process holds the rest,
      // and the next lookup waits for its rows rather than leaving before they are current.
      return stale.length === 0;
    });
    if (done) return refreshed;
  }
}

const found = (rows: Array<{ id: string; attributes: unknown; ssnKey: string | null }>): FoundPerson[] =>
  rows.map((row) => ({ id: row.id, identity: identityOf(row.attributes), ssnKey: row.ssnKey }));

/** Matches one member's identity against the persons, through the match keys' indexes only. */
export async function matchIdentity(tx: Tx, identity: Identity, keyer: MatchKeyer = personMatchKeyer()): Promise<MatchResolution> {
  const keys = keyer.keysOf(identity);
  const lookup = (where: Prisma.PersonWhereInput) =>
    tx.person.findMany({
      where,
      select: { id: true, attributes: true, ssnKey: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MAX_CANDIDATES,
    });
  const bySsn = keys.ssnKey ? await lookup({ ssnKey: keys.ssnKey }) : [];
  // One person holding the SSN settles it; the name and birth lookup would only be discarded.
  const byNameBirth = bySsn.length !== 1 && keys.nameBirthKey ? await lookup({ nameBirthKey: keys.nameBirthKey }) : [];
  return resolveMatch({ identity, keys }, found(bySsn), found(byNameBirth));
}
