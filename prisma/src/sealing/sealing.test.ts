import { randomBytes } from "node:crypto";
import { DEVELOPMENT_ENCRYPTION_KEYS, holdsDevelopmentKey, parseEncryptionKeys, type MasterKey } from "@pap/core";
import { isSealed, keyringOf, sealedKeyId, sealValue, unsealValue } from "./envelope";
import { createSealer, sealerFromEnv } from "./sealer";

const keyA: MasterKey = { id: "A", key: randomBytes(32) };
const keyB: MasterKey = { id: "B", key: randomBytes(32) };
const fields = new Set(["ssn", "dateOfBirth"]);

describe("ENCRYPTION_KEYS", () => {
  const base64 = (key: MasterKey) => key.key.toString("base64");

  it("lists keys as id:base64key, the first one sealing", () => {
    const keys = parseEncryptionKeys(` B:${base64(keyB)} , A:${base64(keyA)}`);
    expect(keys.map((key) => key.id)).toEqual(["B", "A"]);
    expect(keys[0]!.key.equals(keyB.key)).toBe(true);
  });

  it("refuses keys that are not 32 bytes, mistyped base64, bad or repeated ids, and an empty list", () => {
    expect(() => parseEncryptionKeys(`A:${randomBytes(16).toString("base64")}`)).toThrow(/32 bytes/);
    expect(() => parseEncryptionKeys(`A:${base64(keyA).replace(/^./, "!")}`)).toThrow(/32 bytes/);
    expect(() => parseEncryptionKeys(base64(keyA))).toThrow(/id:base64key/);
    expect(() => parseEncryptionKeys(`a b:${base64(keyA)}`)).toThrow(/id/);
    expect(() => parseEncryptionKeys(`A:${base64(keyA)},A:${base64(keyB)}`)).toThrow(/twice/);
    expect(() => parseEncryptionKeys(" , ")).toThrow(/at least one/);
  });

  it("knows the public development key by its id or its bytes", () => {
    const [development] = parseEncryptionKeys(DEVELOPMENT_ENCRYPTION_KEYS);
    expect(holdsDevelopmentKey([development!])).toBe(true);
    expect(holdsDevelopmentKey([{ id: "renamed", key: development!.key }])).toBe(true);
    expect(holdsDevelopmentKey([keyA])).toBe(false);
  });
});

describe("sealing one value (envelope encryption, AES-256-GCM)", () => {
  const keyring = keyringOf([keyA]);

  it("round-trips any JSON value, under the sealing key's id, never showing the value", () => {
    for (const value of ["123-45-6789", 42, true, { nested: ["x"] }]) {
      const sealed = sealValue(value, keyring);
      expect(isSealed(sealed)).toBe(true);
      expect(sealedKeyId(sealed)).toBe("A");
      expect(sealed).not.toContain(JSON.stringify(value));
      expect(unsealValue(sealed, keyring)).toEqual(value);
    }
  });

  it("gives each value an IV of its own: one SSN sealed twice gives two texts", () => {
    expect(sealValue("123-45-6789", keyring)).not.toBe(sealValue("123-45-6789", keyring));
  });

  /** The header and the wrapped data key that lead a sealed value (80 base64url characters: 60 bytes). */
  const wrappedKeyOf = (sealed: string) => sealed.slice(0, "pap:sealed:v1:A:".length + 80);

  it("seals a run of values under one data key, and draws the next after so many", () => {
    const ring = keyringOf([keyA], { valuesPerDataKey: 3 });
    const sealed = ["a", "b", "c", "d", "e"].map((value) => sealValue(value, ring));
    expect(new Set(sealed.slice(0, 3).map(wrappedKeyOf)).size).toBe(1);
    expect(wrappedKeyOf(sealed[3]!)).not.toBe(wrappedKeyOf(sealed[0]!));
    expect(wrappedKeyOf(sealed[4]!)).toBe(wrappedKeyOf(sealed[3]!));
    expect(sealed.map((value) => unsealValue(value, keyringOf([keyA])))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("unseals values sealed with a data key each, as stores sealed before keys were shared hold them", () => {
    const oneKeyEach = keyringOf([keyA], { valuesPerDataKey: 1 });
    const sealed = ["1990-04-02", "123-45-6789"].map((value) => sealValue(value, oneKeyEach));
    expect(wrappedKeyOf(sealed[0]!)).not.toBe(wrappedKeyOf(sealed[1]!));
    const reader = keyringOf([keyA], { keysRemembered: 1 });
    expect(sealed.map((value) => unsealValue(value, reader))).toEqual(["1990-04-02", "123-45-6789"]);
    // Remembering one key at a time, the first is unwrapped again rather than confused with the second.
    expect(unsealValue(sealed[0]!, reader)).toBe("1990-04-02");
  });

  it("refuses an altered wrapped key even after the genuine one was unwrapped", () => {
    const sealed = sealValue("123-45-6789", keyring);
    expect(unsealValue(sealed, keyring)).toBe("123-45-6789");
    const at = "pap:sealed:v1:A:".length + 40;
    const altered = `${sealed.slice(0, at)}${sealed[at] === "A" ? "B" : "A"}${sealed.slice(at + 1)}`;
    expect(() => unsealValue(altered, keyring)).toThrow();
  });

  it("unseals with any key of the ring, and refuses a key it does not hold or an altered value", () => {
    const sealed = sealValue("123-45-6789", keyring);
    expect(unsealValue(sealed, keyringOf([keyB, keyA]))).toBe("123-45-6789");
    expect(() => unsealValue(sealed, keyringOf([keyB]))).toThrow(/key 'A'.*does not list/);
    expect(() => unsealValue(sealed.replace(":A:", ":B:"), keyringOf([keyB, keyA]))).toThrow();
    const tampered = `${sealed.slice(0, -4)}${sealed.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect(() => unsealValue(tampered, keyring)).toThrow();
  });
});

describe("the sealer: fields by name at any depth", () => {
  const sealer = createSealer([keyA], fields);
  const record = {
    name: { firstName: "Ana" },
    ssn: "123-45-6789",
    members: [{ personalInformation: { dateOfBirth: "1990-04-02", ssn: null } }],
  };

  it("seals the named fields wherever they are, leaves the rest and the caller's object as they were", () => {
    const sealed = sealer.seal(record) as typeof record;
    expect(isSealed(sealed.ssn)).toBe(true);
    expect(isSealed(sealed.members[0]!.personalInformation.dateOfBirth)).toBe(true);
    expect(sealed.members[0]!.personalInformation.ssn).toBeNull();
    expect(sealed.name).toEqual({ firstName: "Ana" });
    expect(record.ssn).toBe("123-45-6789");
    expect(JSON.stringify(sealed)).not.toMatch(/123-45-6789|1990-04-02/);
  });

  it("leaves values sealed already, and what is not plain data (dates, Prisma's markers)", () => {
    const once = sealer.seal({ ssn: "123-45-6789" }) as { ssn: string };
    expect((sealer.seal(once) as { ssn: string }).ssn).toBe(once.ssn);
    const instant = new Date();
    expect((sealer.seal({ dateOfBirth: instant }) as { dateOfBirth: Date }).dateOfBirth).toBe(instant);
  });

  it("unseals every sealed value in rows, whatever its field's name", () => {
    const rows = [{ id: 1, attributes: sealer.seal(record), column: sealer.sealValue("987-65-4321") }];
    expect(sealer.unseal(rows)).toEqual([{ id: 1, attributes: record, column: "987-65-4321" }]);
  });
});

describe("the sealer from the environment", () => {
  it("uses the public development key when ENCRYPTION_KEYS is unset outside production, saying so", () => {
    const sealer = sealerFromEnv({});
    expect(sealer.developmentKey).toBe(true);
    expect(sealer.fields).toEqual(new Set(["ssn", "dateOfBirth"]));
  });

  it("adds SENSITIVE_FIELDS to what is sealed", () => {
    expect(sealerFromEnv({ SENSITIVE_FIELDS: "alienNumber" }).fields.has("alienNumber")).toBe(true);
  });

  it("refuses production without keys of its own, or with the development key", () => {
    expect(() => sealerFromEnv({ NODE_ENV: "production" })).toThrow(/ENCRYPTION_KEYS is not set/);
    expect(() => sealerFromEnv({ NODE_ENV: "production", ENCRYPTION_KEYS: DEVELOPMENT_ENCRYPTION_KEYS })).toThrow(/development key/);
    const own = sealerFromEnv({ NODE_ENV: "production", ENCRYPTION_KEYS: `A:${keyA.key.toString("base64")}` });
    expect(own.developmentKey).toBe(false);
    expect(own.keyring.sealing.id).toBe("A");
  });
});
