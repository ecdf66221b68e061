/**
 * A staged upload is bytes already in the store under a version id that no document refers to yet. The
 * token handed back for it lets a later request (creating the document, or a new version of it) claim
 * those bytes along with what was learnt while storing them, without a database row in between: the
 * signature makes the claim unforgeable and the short expiry bounds how long an unclaimed token is good.
 */
export type StagedContent = {
  contentId: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  contentHash: string;
  scan: "clean" | "not-scanned";
};

// jose is published as ECMAScript modules only and this package compiles to CommonJS, so it is loaded on first use.
type Jose = typeof import("jose", { with: { "resolution-mode": "import" }});
let jose: Promise<Jose> | undefined;
const loadJose = () => (jose ??= import("jose"));

const audience = "pap:staged-content";
const lifetime = "15m";

export async function signStagedContent(secret: string, staged: StagedContent): Promise<string> {
  const { SignJWT } = await loadJose();
  const { contentId, fileName, mimeType, sizeBytes, contentHash, scan } = staged;
  return new SignJWT({ staged: { contentId, fileName, mimeType, sizeBytes, contentHash, scan } })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .sign(key(secret));
}

/**
 * What a token says was staged; undefined when it is forged, expired or malformed (the caller answers
 * all three the same way). `now` is for judging the expiry at another moment than this one.
 */
export async function readStagedContent(secret: string, token: string, options: { now?: Date } = {}): Promise<StagedContent | undefined> {
  const { jwtVerify } = await loadJose();
  const secretKey = key(secret);
  try {
    const { payload } = await jwtVerify(token, secretKey, {
      algorithms: ["HS256"],
      audience,
      requiredClaims: ["exp"],
      ...(options.now ? { currentDate: options.now } : {}),
    });
    return stagedContent(payload.staged);
  } catch {
    return undefined;
  }
}

function key(secret: string): Uint8Array {
  // An empty secret would let anyone sign.
  if (!secret) throw new Error("Staged-content tokens need a secret.");
  return new TextEncoder().encode(secret);
}

/** Only a claim of exactly the expected shape is believed, even under a valid signature. */
function stagedContent(claim: unknown): StagedContent | undefined {
  if (typeof claim !== "object" || claim === null) return undefined;
  const { contentId, fileName, mimeType, sizeBytes, contentHash, scan } = claim as Record<string, unknown>;
  if (typeof contentId !== "string" || typeof fileName !== "string" || typeof mimeType !== "string") return undefined;
  if (typeof sizeBytes !== "number" || !Number.isSafeInteger(sizeBytes) || sizeBytes < 0) return undefined;
  if (typeof contentHash !== "string" || !/^[0-9a-f]{64}$/.test(contentHash)) return undefined;
  if (scan !== "clean" && scan !== "not-scanned") return undefined;
  return { contentId, fileName, mimeType, sizeBytes, contentHash, scan };
}
