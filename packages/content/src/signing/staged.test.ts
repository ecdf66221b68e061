import { readStagedContent, signStagedContent, type StagedContent } from "./staged";

const secret = "a-test-secret-of-some-length-0123456789";
const staged: StagedContent = {
  contentId: "3f1c2a9e-8d4b-4c1e-9a57-0b6f2d9e1c44",
  fileName: "pay stub (März).pdf",
  mimeType: "application/pdf",
  sizeBytes: 123_456,
  contentHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  scan: "clean",
};

describe("staged-content tokens", () => {
  it("give back exactly what was staged", async () => {
    const token = await signStagedContent(secret, staged);
    expect(token.split(".")).toHaveLength(3);
    expect(await readStagedContent(secret, token)).toEqual(staged);
    expect(await readStagedContent(secret, await signStagedContent(secret, { ...staged, scan: "not-scanned", sizeBytes: 0 }))).toEqual({
      ...staged,
      scan: "not-scanned",
      sizeBytes: 0,
    });
  });

  it("are not believed when forged", async () => {
    const token = await signStagedContent(secret, staged);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const inflated = Buffer.from(
      JSON.stringify({ ...claims, staged: { ...claims.staged, contentId: "0b6f2d9e-8d4b-4c1e-9a57-3f1c2a9e1c44" } }),
    ).toString("base64url");
    expect(await readStagedContent(secret, `${header}.${inflated}.${signature}`)).toBeUndefined();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    expect(await readStagedContent(secret, unsigned)).toBeUndefined();
  });

  it("are not believed under another secret", async () => {
    const token = await signStagedContent("another-secret-entirely-0123456789", staged);
    expect(await readStagedContent(secret, token)).toBeUndefined();
  });

  it("expire within the quarter of an hour", async () => {
    const token = await signStagedContent(secret, staged);
    expect(await readStagedContent(secret, token, { now: new Date(Date.now() + 14 * 60_000) })).toEqual(staged);
    expect(await readStagedContent(secret, token, { now: new Date(Date.now() + 16 * 60_000) })).toBeUndefined();
  });

  it("are undefined when malformed", async () => {
    for (const token of ["", "garbage", "a.b.c", "..."]) expect(await readStagedContent(secret, token)).toBeUndefined();
  });

  it("need a secret", async () => {
    await expect(signStagedContent("", staged)).rejects.toThrow(/secret/);
  });
});
