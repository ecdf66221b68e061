import { createHmac } from "node:crypto";
import { DEVELOPMENT_PERSON_MATCH_KEY, readSetting } from "@pap/core";

/**
 * Person matching: which known persons an application's member may be, found through two match keys
 * stored with every person, so that a match is an index lookup and never a scan of everyone.
 *
 * - The SSN key is an HMAC-SHA256 of the SSN's nine digits under a deployment secret
 *   (PERSON_MATCH_KEY). A plain hash would not do: there are only a billion SSNs, so anyone holding
 *   the table could hash them all and read every SSN back. Without the secret the key says nothing.
 * - The name and birth key is an HMAC of `first|last|YYYY-MM-DD` under the same secret, the names
 *   folded (lower case, accents, punctuation and spaces dropped) so that "José De la Cruz" finds
 *   "Jose Delacruz". Keyed since dates of birth are stored sealed (`@pap/db` sealing): a clear key
 *   would show what the sealed record hides.
 *
 * Outcomes: one person with the same SSN confirms the match (score 1). Otherwise persons with the
 * same name and date of birth are candidates a caseworker reviews, scored as `nameBirthScores` says;
 * none is no match.
 */

export type MatchType = "confirmed" | "review_required" | "no_match";
export type MatchCandidate = { personId: string; confidenceScore: number };
export type MatchResolution = { matchType: MatchType; candidates: MatchCandidate[] };

/** What matching reads of a person or a member, as found in their records. */
export type Identity = { ssn?: string; firstName?: string; lastName?: string; dateOfBirth?: string };

/** The keys stored with a person (null when the record lacks what the key needs). */
export type MatchKeys = { ssnKey: string | null; nameBirthKey: string | null };

/**
 * Raised whenever the normalization below changes, so that the keys stored under the old rules are
 * derived again (the stored version no longer agrees).
 */
const SCHEME = "v2";

export type MatchSecret = { secret: string; isDevelopmentDefault: boolean };

/** PERSON_MATCH_KEY, read through its declaration (at least 32 characters: a guessed secret turns every SSN key back into its SSN). */
export function matchSecretFromEnv(env: NodeJS.ProcessEnv = process.env): MatchSecret {
  const configured = readSetting("PERSON_MATCH_KEY", env);
  return configured === undefined
    ? { secret: DEVELOPMENT_PERSON_MATCH_KEY, isDevelopmentDefault: true }
    : { secret: configured, isDevelopmentDefault: configured === DEVELOPMENT_PERSON_MATCH_KEY };
}

/** The nine digits of an SSN as written `NNN-NN-NNNN` (or with spaces, or none), if it is one that can have been issued. */
export function ssnDigits(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(digits)) return undefined;
  // Never issued: area 000, 666 or 9xx, group 00, serial 0000. Forms use them as placeholders
  // (000-00-0000, 999-99-9999), and matching on a placeholder would confirm strangers as one person.
  const area = digits.slice(0, 3);
  if (area === "000" || area === "666" || area.startsWith("9") || digits.slice(3, 5) === "00" || digits.slice(5) === "0000")
    return undefined;
  return digits;
}

/** A calendar date `YYYY-MM-DD` (a date-time's date part too), if it is a real one. */
export function birthDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A name as people write it, compared without regard to case or spacing. */
export function plainName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const plain = value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return plain || undefined;
}

/** A name with accents, punctuation and spaces set aside: what the name and birth key holds. */
export function foldedName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const folded = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
  return folded || undefined;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const firstOf = <T>(read: (value: unknown) => T | undefined, ...values: unknown[]): T | undefined => {
  for (const value of values) {
    const found = read(value);
    if (found !== undefined) return found;
  }
  return undefined;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * What a person's free-form record or a member says of who they are. Persons are written in the
 * shapes clients use: the person record's (`name`, `dateOfBirth`, `socialSecurityNumber` or `ssn`),
 * and an application member's (`contact.name`, `personalInformation.{ssn, dateOfBirth}`); the first
 * usable value wins.
 */
export function identityOf(attributes: unknown): Identity {
  const top = record(attributes);
  const personal = record(top.personalInformation);
  const name = Object.keys(record(top.name)).length ? record(top.name) : record(record(top.contact).name);
  const identity: Identity = {
    ssn: firstOf(ssnDigits, top.ssn, top.socialSecurityNumber, personal.ssn, personal.socialSecurityNumber),
    firstName: text(name.firstName),
    lastName: text(name.lastName),
    dateOfBirth: firstOf(birthDate, top.dateOfBirth, personal.dateOfBirth),
  };
  return Object.fromEntries(Object.entries(identity).filter(([, value]) => value !== undefined)) as Identity;
}

/** Derives match keys under one secret. */
export type MatchKeyer = {
  /** Names the secret and the scheme the keys were made with, without revealing the secret. */
  version: string;
  keysOf(identity: Identity): MatchKeys;
};

export function matchKeyer(secret: string): MatchKeyer {
  const mac = (message: string) => createHmac("sha256", secret).update(message, "utf8").digest("hex");
  return {
    version: `${SCHEME}:${mac("person-match-key-version").slice(0, 16)}`,
    keysOf(identity) {
      const ssn = ssnDigits(identity.ssn);
      const first = foldedName(identity.firstName);
      const last = foldedName(identity.lastName);
      const born = birthDate(identity.dateOfBirth);
      return {
        // The prefix keeps this MAC apart from any other the same secret may make.
        ssnKey: ssn ? mac(`ssn:${ssn}`) : null,
        nameBirthKey: first && last && born ? mac(`name-birth:${first}|${last}|${born}`) : null,
      };
    },
  };
}

/**
 * Scores of a candidate found by name and date of birth: the names the same but for case and spacing
 * (0.9), or only once accents and punctuation are set aside too (0.8); lower when both records hold
 * an SSN and the two differ, which speaks against their being one person (0.5, 0.4). Below the SSN
 * match's 1 in every case, so a caseworker decides.
 */
export const nameBirthScores = { same: 0.9, folded: 0.8, sameButOtherSsn: 0.5, foldedButOtherSsn: 0.4 } as const;

/** At most this many candidates are reported, the best first. */
export const MAX_CANDIDATES = 10;

/** A person found through a key, with what scoring needs. */
export type FoundPerson = { id: string; identity: Identity; ssnKey: string | null };

/**
 * Resolves a member against the persons found through their keys (in the order found, oldest
 * first). Several persons holding the member's SSN is a duplicate in the persons' records, not a
 * confirmation: they are all candidates for review, at 1.
 */
export function resolveMatch(
  member: { identity: Identity; keys: MatchKeys },
  bySsn: readonly FoundPerson[],
  byNameBirth: readonly FoundPerson[],
): MatchResolution {
  const [only, ...others] = bySsn;
  if (only && !others.length) return { matchType: "confirmed", candidates: [{ personId: only.id, confidenceScore: 1 }] };
  const candidates: MatchCandidate[] = bySsn.map((person) => ({ personId: person.id, confidenceScore: 1 }));
  const listed = new Set(candidates.map((candidate) => candidate.personId));
  const scored = byNameBirth
    .filter((person) => !listed.has(person.id))
    .map((person) => ({ personId: person.id, confidenceScore: nameBirthScore(member, person) }));
  // A stable sort: equal scores keep the order found.
  candidates.push(...scored.sort((a, b) => b.confidenceScore - a.confidenceScore));
  if (!candidates.length) return { matchType: "no_match", candidates: [] };
  return { matchType: "review_required", candidates: candidates.slice(0, MAX_CANDIDATES) };
}

function nameBirthScore(member: { identity: Identity; keys: MatchKeys }, person: FoundPerson): number {
  const same =
    plainName(member.identity.firstName) === plainName(person.identity.firstName) &&
    plainName(member.identity.lastName) === plainName(person.identity.lastName);
  const otherSsn = member.keys.ssnKey !== null && person.ssnKey !== null && member.keys.ssnKey !== person.ssnKey;
  if (otherSsn) return same ? nameBirthScores.sameButOtherSsn : nameBirthScores.foldedButOtherSsn;
  return same ? nameBirthScores.same : nameBirthScores.folded;
}

/**
 * Whether a member is matched at all: one who applies for something. Members listed only as
 * non-applying, and members applying for no program, are left out (events.md: "members with empty
 * program list skipped").
 */
export function isApplying(member: { roles: readonly string[]; programsAppliedFor: readonly string[] }): boolean {
  return !member.roles.includes("non_applying_member") && member.programsAppliedFor.length > 0;
}
