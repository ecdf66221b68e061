import { createHmac } from "node:crypto";
import { DEVELOPMENT_PERSON_MATCH_KEY } from "@pap/core";
import {
  birthDate,
  foldedName,
  identityOf,
  isApplying,
  matchKeyer,
  matchSecretFromEnv,
  MAX_CANDIDATES,
  nameBirthScores,
  plainName,
  resolveMatch,
  ssnDigits,
  type FoundPerson,
  type Identity,
} from "./matching";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const keyer = matchKeyer(secret);

describe("the match secret", () => {
  it("is the public development one when PERSON_MATCH_KEY is unset or empty", () => {
    expect(matchSecretFromEnv({})).toEqual({ secret: DEVELOPMENT_PERSON_MATCH_KEY, isDevelopmentDefault: true });
    expect(matchSecretFromEnv({ PERSON_MATCH_KEY: "" })).toEqual({ secret: DEVELOPMENT_PERSON_MATCH_KEY, isDevelopmentDefault: true });
  });

  it("is PERSON_MATCH_KEY when set, refused when short enough to guess", () => {
    expect(matchSecretFromEnv({ PERSON_MATCH_KEY: secret })).toEqual({ secret, isDevelopmentDefault: false });
    expect(() => matchSecretFromEnv({ PERSON_MATCH_KEY: "short" })).toThrow(/at least 32 characters/);
  });
});

describe("normalization", () => {
  it("reads an SSN with dashes, spaces or none as its nine digits", () => {
    expect(ssnDigits("123-45-6789")).toBe("123456789");
    expect(ssnDigits(" 123 45 6789 ")).toBe("123456789");
    expect(ssnDigits("123456789")).toBe("123456789");
  });

  it.each([
    "12-345-678",
    "1234567890",
    "123-45-678a",
    "000-12-3456",
    "666-12-3456",
    "900-12-3456",
    "999-99-9999",
    "123-00-4567",
    "123-45-0000",
    123456789,
    null,
  ])("has no SSN in %p (malformed, or never issued and so a placeholder)", (value) => {
    expect(ssnDigits(value)).toBeUndefined();
  });

  it("reads a date of birth as a real calendar date, a date-time by its date", () => {
    expect(birthDate("1985-04-12")).toBe("1985-04-12");
    expect(birthDate("1985-04-12T00:00:00Z")).toBe("1985-04-12");
    expect(birthDate("1985-02-30")).toBeUndefined();
    expect(birthDate("04/12/1985")).toBeUndefined();
    expect(birthDate(19850412)).toBeUndefined();
  });

  it("compares plain names without case or spacing, folded names without accents and punctuation too", () => {
    expect(plainName("  María  de la  Cruz ")).toBe("maría de la cruz");
    expect(foldedName("María De la Cruz")).toBe("mariadelacruz");
    expect(foldedName("O'Brien-Smith")).toBe("obriensmith");
    expect(foldedName("Zoë")).toBe(foldedName("ZOE"));
    expect(foldedName(" - ")).toBeUndefined();
    expect(plainName("   ")).toBeUndefined();
  });
});

describe("identityOf", () => {
  it("reads a person record: name, dateOfBirth, socialSecurityNumber or ssn", () => {
    expect(
      identityOf({ name: { firstName: "Maria", lastName: "Garcia" }, dateOfBirth: "1985-04-12", socialSecurityNumber: "123-45-6789" }),
    ).toEqual({
      ssn: "123456789",
      firstName: "Maria",
      lastName: "Garcia",
      dateOfBirth: "1985-04-12",
    });
    expect(identityOf({ ssn: "123456789" })).toEqual({ ssn: "123456789" });
  });

  it("reads a member's shape: contact.name and personalInformation", () => {
    const member = {
      contact: { name: { firstName: "Ana", lastName: "Lopez" } },
      personalInformation: { ssn: "234-56-7890", dateOfBirth: "1990-04-01" },
    };
    expect(identityOf(member)).toEqual({ ssn: "234567890", firstName: "Ana", lastName: "Lopez", dateOfBirth: "1990-04-01" });
  });

  it("takes the first usable value and leaves out what is missing or unusable", () => {
    expect(identityOf({ ssn: "000-00-0000", personalInformation: { ssn: "123-45-6789" } })).toEqual({ ssn: "123456789" });
    expect(identityOf({ name: { firstName: " ", lastName: 3 }, dateOfBirth: "soon" })).toEqual({});
    expect(identityOf(null)).toEqual({});
    expect(identityOf("Maria")).toEqual({});
  });
});

describe("match keys", () => {
  const maria: Identity = { ssn: "123-45-6789", firstName: "María", lastName: "García", dateOfBirth: "1985-04-12" };

  it("key the SSN with an HMAC-SHA256 under the secret: never the SSN itself, different under another secret", () => {
    const { ssnKey } = keyer.keysOf(maria);
    expect(ssnKey).toBe(createHmac("sha256", secret).update("ssn:123456789").digest("hex"));
    expect(ssnKey).not.toContain("123456789");
    expect(ssnKey).not.toContain("6789");
    expect(matchKeyer("another-secret-that-is-long-enough-012345").keysOf(maria).ssnKey).not.toBe(ssnKey);
  });

  it("give one SSN one key however it is written", () => {
    expect(keyer.keysOf({ ssn: "123456789" }).ssnKey).toBe(keyer.keysOf(maria).ssnKey);
  });

  it("key name and birth as an HMAC of folded first|last|date: the date of birth is never in it", () => {
    const expected = createHmac("sha256", secret).update("name-birth:maria|garcia|1985-04-12").digest("hex");
    expect(keyer.keysOf(maria).nameBirthKey).toBe(expected);
    expect(keyer.keysOf({ firstName: "MARIA", lastName: "garcia ", dateOfBirth: "1985-04-12T00:00:00Z" }).nameBirthKey).toBe(expected);
    expect(keyer.keysOf(maria).nameBirthKey).not.toContain("1985");
  });

  it("are null when the record lacks what a key needs", () => {
    expect(keyer.keysOf({})).toEqual({ ssnKey: null, nameBirthKey: null });
    expect(keyer.keysOf({ firstName: "Maria", lastName: "Garcia" }).nameBirthKey).toBeNull();
    expect(keyer.keysOf({ firstName: "Maria", dateOfBirth: "1985-04-12" }).nameBirthKey).toBeNull();
    expect(keyer.keysOf({ ssn: "999-99-9999" }).ssnKey).toBeNull();
  });

  it("carry a version naming the secret and rules, which reveals no part of the secret", () => {
    expect(keyer.version).toMatch(/^v2:[0-9a-f]{16}$/);
    expect(matchKeyer(secret).version).toBe(keyer.version);
    expect(matchKeyer(`${secret}!`).version).not.toBe(keyer.version);
    expect(keyer.version).not.toContain(secret.slice(0, 6));
  });
});

describe("resolveMatch", () => {
  const member = (identity: Identity) => ({ identity, keys: keyer.keysOf(identity) });
  const person = (id: string, identity: Identity): FoundPerson => ({ id, identity, ssnKey: keyer.keysOf(identity).ssnKey });
  const ana: Identity = { ssn: "234-56-7890", firstName: "Ana", lastName: "Lopez", dateOfBirth: "1990-04-01" };

  it("confirms the one person with the member's SSN, at 1", () => {
    expect(resolveMatch(member(ana), [person("p1", { ssn: ana.ssn })], [])).toEqual({
      matchType: "confirmed",
      candidates: [{ personId: "p1", confidenceScore: 1 }],
    });
  });

  it("asks for review when several persons hold the SSN: all of them at 1, then name and birth candidates", () => {
    const found = resolveMatch(
      member(ana),
      [person("p1", { ssn: ana.ssn }), person("p2", { ssn: ana.ssn })],
      [person("p1", ana), person("p3", { ...ana, ssn: undefined })],
    );
    expect(found).toEqual({
      matchType: "review_required",
      candidates: [
        { personId: "p1", confidenceScore: 1 },
        { personId: "p2", confidenceScore: 1 },
        { personId: "p3", confidenceScore: nameBirthScores.same },
      ],
    });
  });

  it("scores name and birth candidates: same name 0.9, same once folded 0.8, lower with another SSN on file; best first", () => {
    const found = resolveMatch(
      member(ana),
      [],
      [
        person("folded", { firstName: "Aná", lastName: "López", dateOfBirth: ana.dateOfBirth }),
        person("otherSsn", { ...ana, ssn: "345-67-8901" }),
        person("same", { firstName: " ANA ", lastName: "lopez", dateOfBirth: ana.dateOfBirth }),
        person("foldedOtherSsn", { firstName: "Ana", lastName: "Lo-pez", dateOfBirth: ana.dateOfBirth, ssn: "345-67-8901" }),
      ],
    );
    expect(found).toEqual({
      matchType: "review_required",
      candidates: [
        { personId: "same", confidenceScore: 0.9 },
        { personId: "folded", confidenceScore: 0.8 },
        { personId: "otherSsn", confidenceScore: 0.5 },
        { personId: "foldedOtherSsn", confidenceScore: 0.4 },
      ],
    });
  });

  it("does not hold another SSN against a candidate when the member gave none", () => {
    const noSsn = { ...ana, ssn: undefined };
    expect(resolveMatch(member(noSsn), [], [person("p1", ana)]).candidates).toEqual([{ personId: "p1", confidenceScore: 0.9 }]);
  });

  it("keeps equal scores in the order found, and reports at most MAX_CANDIDATES", () => {
    const many = Array.from({ length: MAX_CANDIDATES + 3 }, (_, index) => person(`p${index}`, ana));
    const found = resolveMatch(member(ana), [], many);
    expect(found.candidates.map((candidate) => candidate.personId)).toEqual(many.slice(0, MAX_CANDIDATES).map((each) => each.id));
  });

  it("finds no match when nothing was found", () => {
    expect(resolveMatch(member(ana), [], [])).toEqual({ matchType: "no_match", candidates: [] });
  });

  it("keeps every name and birth score below the SSN match's 1", () => {
    for (const score of Object.values(nameBirthScores)) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThan(1);
    }
  });
});

describe("isApplying", () => {
  it("is a member applying for a program, not one listed as non-applying", () => {
    expect(isApplying({ roles: ["primary_applicant"], programsAppliedFor: ["snap"] })).toBe(true);
    expect(isApplying({ roles: ["household_member"], programsAppliedFor: ["medicaid"] })).toBe(true);
    expect(isApplying({ roles: ["non_applying_member"], programsAppliedFor: ["snap"] })).toBe(false);
    expect(isApplying({ roles: ["household_member"], programsAppliedFor: [] })).toBe(false);
  });
});
