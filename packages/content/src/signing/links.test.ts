import { checkLink, signLink } from "./links";

const secret = "a-test-secret-of-some-length-0123456789";
const path = "/content/3f1c2a9e-8d4b-4c1e-9a57-0b6f2d9e1c44";
const now = new Date("2026-03-01T12:00:00Z");
const inFiveMinutes = new Date(now.getTime() + 5 * 60_000);

/** The query as a framework hands it over. */
const queryOf = (signed: string) => Object.fromEntries(new URLSearchParams(signed));

describe("signed links", () => {
  it("are valid for their path until they expire", () => {
    const signed = signLink(secret, path, inFiveMinutes);
    expect(signed).toMatch(/^expires=\d+&signature=[A-Za-z0-9_-]+$/);
    expect(queryOf(signed).expires).toBe(String(inFiveMinutes.getTime() / 1000));
    expect(checkLink(secret, path, queryOf(signed), now)).toBe("valid");
  });

  it("expire at their expiry", () => {
    const query = queryOf(signLink(secret, path, inFiveMinutes));
    expect(checkLink(secret, path, query, new Date(inFiveMinutes.getTime() - 1000))).toBe("valid");
    expect(checkLink(secret, path, query, inFiveMinutes)).toBe("expired");
    expect(checkLink(secret, path, query, new Date(inFiveMinutes.getTime() + 3_600_000))).toBe("expired");
  });

  it("are tampered with when used for another path", () => {
    const query = queryOf(signLink(secret, path, inFiveMinutes));
    expect(checkLink(secret, "/content/0b6f2d9e-8d4b-4c1e-9a57-3f1c2a9e1c44", query, now)).toBe("tampered");
    expect(checkLink(secret, `${path}/`, query, now)).toBe("tampered");
  });

  it("are tampered with when the signature or the expiry is changed", () => {
    const query = queryOf(signLink(secret, path, inFiveMinutes));
    const flipped = `${query.signature!.slice(0, -1)}${query.signature!.endsWith("A") ? "B" : "A"}`;
    expect(checkLink(secret, path, { ...query, signature: flipped }, now)).toBe("tampered");
    expect(checkLink(secret, path, { ...query, signature: query.signature!.slice(1) }, now)).toBe("tampered");
    expect(checkLink(secret, path, { ...query, signature: "" }, now)).toBe("tampered");
    // An expired link whose expiry was pushed forward is not merely expired.
    const expired = queryOf(signLink(secret, path, new Date(now.getTime() - 1000)));
    expect(checkLink(secret, path, { ...expired, expires: String(Number(expired.expires) + 3600) }, now)).toBe("tampered");
  });

  it("are tampered with when signed with another secret, or incomplete, or malformed", () => {
    const query = queryOf(signLink("another-secret-entirely-0123456789", path, inFiveMinutes));
    expect(checkLink(secret, path, query, now)).toBe("tampered");
    expect(checkLink(secret, path, {}, now)).toBe("tampered");
    const good = queryOf(signLink(secret, path, inFiveMinutes));
    expect(checkLink(secret, path, { expires: good.expires }, now)).toBe("tampered");
    expect(checkLink(secret, path, { ...good, expires: [good.expires, good.expires] }, now)).toBe("tampered");
    expect(checkLink(secret, path, { ...good, expires: `${good.expires}.0` }, now)).toBe("tampered");
    expect(checkLink(secret, path, { ...good, expires: Number(good.expires) }, now)).toBe("tampered");
  });

  it("need a secret", () => {
    expect(() => signLink("", path, inFiveMinutes)).toThrow(/secret/);
  });
});
