import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@pap/core";
import { anonymous, grantsOfScope, type Principal } from "./principal";
import { rolesFrom, type AuthSettings } from "./settings";

// jose is published as ECMAScript modules only; the kernel compiles to CommonJS, so it is loaded once, on first use.
type Jose = typeof import("jose", { with: { "resolution-mode": "import" }});
let jose: Promise<Jose> | undefined;
const loadJose = () => (jose ??= import("jose"));

export const unauthenticated = (message: string, reason = "invalid_token") =>
  new ApiError(401, "UNAUTHORIZED", message, [{ field: "authorization", message: reason }]);
export const forbidden = (permission: string) =>
  new ApiError(403, "FORBIDDEN", `This requires the permission '${permission}', which the caller's roles do not grant.`, [
    { field: "authorization", message: `missing permission ${permission}` },
  ]);

/** The WWW-Authenticate challenge that goes with every 401. */
export const bearerChallenge = (error?: string) => `Bearer realm="public-assistance-platform"${error ? `, error="${error}"` : ""}`;

export type Authenticator = (headers: Record<string, string | undefined>) => Promise<Principal>;

/**
 * Establishes the caller from a request's headers, the same way in the gateway and in every subgraph
 * (each domain evaluates the credential itself, so a subgraph reached directly is as protected as the
 * gateway). No credential gives the anonymous principal (authorization then answers 401); a bad one
 * throws 401 at once. Verified tokens are remembered until they expire, so the subgraphs of one
 * request do not verify the same signature again.
 */
export function createAuthenticator(settings: AuthSettings): Authenticator {
  const byCredential = credentialAuthenticator(settings);
  const byApiKey = apiKeyAuthenticator(settings.apiKeys);
  return async (headers) => {
    // An API key stands in only where no user credential is offered (the identity provider's calls).
    const apiKey = headers["x-api-key"];
    if (apiKey !== undefined && !headers.authorization && !headers["x-caller-id"]) return byApiKey(apiKey);
    return byCredential(headers);
  };
}

function credentialAuthenticator(settings: AuthSettings): Authenticator {
  if (settings.mode === "trusted-headers") return async (headers) => principalFromTrustedHeaders(headers);
  const verify = tokenVerifier(settings);
  const cache = new Map<string, { principal: Principal; expiresAt: number }>();
  return async (headers) => {
    const authorization = headers.authorization;
    if (!authorization) return anonymous;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthenticated("The Authorization header must be 'Bearer <token>'.", "invalid_request");
    const token = match[1]!;
    const cached = cache.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.principal;
    const { principal, expiresAt } = await verify(token);
    if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
    cache.set(token, { principal, expiresAt });
    return principal;
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * API keys (AUTH_API_KEYS) authenticate as an `api_key` principal holding no role: the one operation
 * that accepts it asks for it by name. Keys are compared by digest in constant time, and the
 * principal's id is a digest prefix, so neither the log nor an event ever holds a key.
 */
function apiKeyAuthenticator(keys: readonly string[]): (key: string) => Promise<Principal> {
  const known = keys.map((key) => ({ digest: sha256(key), id: `api-key:${sha256(key).toString("hex").slice(0, 12)}` }));
  return async (key) => {
    const digest = sha256(key.trim());
    const match = known.find((candidate) => timingSafeEqual(candidate.digest, digest));
    if (!match) throw unauthenticated("The API key is not accepted.", "invalid_api_key");
    return { kind: "api_key", id: match.id, roles: [], counties: [] };
  };
}

/** Behind an authenticating proxy the caller is named by headers, not a token: a 401 says which. */
const anonymousBehindProxy: Principal = { ...anonymous, expects: "X-Caller-Id: <user id or identity-provider subject>" };

function principalFromTrustedHeaders(headers: Record<string, string | undefined>): Principal {
  const id = headers["x-caller-id"]?.trim();
  if (!id) return anonymousBehindProxy;
  const roles = rolesFrom(headers["x-caller-roles"] ?? "");
  // The counties the proxy confines the caller to (county scoping), as a token's `counties` claim would.
  // A partner's agreement, as the token's `programs` and `sharesIdentifiers` claims would carry it.
  const programs = listHeader(headers["x-caller-programs"]);
  const sharesIdentifiers = headers["x-caller-shares-identifiers"]?.trim().toLowerCase() === "true";
  return {
    kind: roles.includes("system") ? "service_account" : "user",
    id,
    roles,
    counties: listHeader(headers["x-caller-counties"]),
    ...(programs.length > 0 && { programs }),
    ...(sharesIdentifiers && { sharesIdentifiers }),
  };
}

const listHeader = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const stringsOf = (claim: unknown): string[] =>
  Array.isArray(claim) ? claim.filter((entry): entry is string => typeof entry === "string") : [];

function tokenVerifier(settings: AuthSettings) {
  let key: Promise<Parameters<Jose["jwtVerify"]>[1]> | undefined;
  const keyFor = async () => {
    const { createRemoteJWKSet, importSPKI } = await loadJose();
    if (settings.jwksUrl) return createRemoteJWKSet(new URL(settings.jwksUrl));
    if (settings.publicKey) return importSPKI(settings.publicKey, settings.algorithms[0] ?? "RS256");
    if (settings.secret) return new TextEncoder().encode(settings.secret);
    throw new Error("no key to verify tokens with");
  };
  return async (token: string): Promise<{ principal: Principal; expiresAt: number }> => {
    const { jwtVerify, errors } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, await (key ??= keyFor()), {
        issuer: settings.issuer || undefined,
        audience: settings.audience,
        algorithms: settings.algorithms,
        clockTolerance: settings.clockSkewSeconds,
        requiredClaims: ["sub", "exp"],
      });
      const roles = rolesFrom(payload.roles);
      const id = typeof payload.userId === "string" ? payload.userId : payload.sub!;
      const counties = stringsOf(payload.counties);
      const programs = stringsOf(payload.programs);
      const grants = grantsOfScope(payload.scope);
      const principal: Principal = {
        kind: roles.includes("system") ? "service_account" : "user",
        id,
        subject: payload.sub,
        roles,
        counties,
        ...(grants.length > 0 && { grants }),
        ...(programs.length > 0 && { programs }),
        ...(payload.sharesIdentifiers === true && { sharesIdentifiers: true }),
        ...(typeof payload.personId === "string" && { personId: payload.personId.toLowerCase() }),
      };
      return { principal, expiresAt: payload.exp! * 1000 };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthenticated("The token has expired.");
      if (error instanceof errors.JWTClaimValidationFailed)
        throw unauthenticated(`The token's '${error.claim}' claim is not accepted here.`);
      if (error instanceof errors.JOSEError) throw unauthenticated("The token could not be verified.");
      throw error;
    }
  };
}

/** Signs a token for local development and tests: the claims the identity provider would embed. */
export async function signToken(
  settings: Pick<AuthSettings, "secret" | "issuer" | "audience">,
  claims: {
    sub: string;
    userId?: string;
    roles: readonly string[];
    counties?: readonly string[];
    programs?: readonly string[];
    sharesIdentifiers?: boolean;
    personId?: string;
    scope?: string;
  },
  lifetimeSeconds = 3600,
): Promise<string> {
  if (!settings.secret) throw new Error("signing tokens here needs a shared secret (development mode or AUTH_SECRET)");
  const { SignJWT } = await loadJose();
  return new SignJWT({
    userId: claims.userId ?? claims.sub,
    roles: [...claims.roles],
    counties: [...(claims.counties ?? [])],
    ...(claims.programs && { programs: [...claims.programs] }),
    ...(claims.sharesIdentifiers && { sharesIdentifiers: true }),
    ...(claims.personId && { personId: claims.personId }),
    ...(claims.scope && { scope: claims.scope }),
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(new TextEncoder().encode(settings.secret));
}
