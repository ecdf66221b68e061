import { isRole, type Role } from "./roles";

/**
 * How callers authenticate (three modes, chosen by AUTH_MODE):
 * - `jwt`: a Bearer token signed by the identity provider, verified against AUTH_JWKS_URI or a
 *   configured key (AUTH_PUBLIC_KEY, PEM; or AUTH_SECRET for HMAC), with issuer, audience, algorithms
 *   and clock skew from configuration;
 * - `trusted-headers`: behind an authenticating proxy, X-Caller-Id and X-Caller-Roles are believed
 *   (never in any other mode);
 * - `development`: like `jwt`, with a key generated on this machine and tokens issued locally for
 *   any user and role (what `npm start` runs with when nothing is configured).
 */
export type AuthMode = "jwt" | "trusted-headers" | "development";

export type AuthSettings = {
  mode: AuthMode;
  issuer: string;
  audience: string;
  algorithms: string[];
  clockSkewSeconds: number;
  jwksUrl?: string;
  publicKey?: string;
  secret?: string;
  /** Keys accepted on the token-claims endpoint (the identity provider's), never on anything else. */
  apiKeys: string[];
};

export const DEVELOPMENT_ISSUER = "urn:pap:development";
export const DEFAULT_AUDIENCE = "public-assistance-platform";

export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const configured = env.AUTH_JWKS_URI || env.AUTH_PUBLIC_KEY || env.AUTH_SECRET;
  const mode = (env.AUTH_MODE ?? (configured ? "jwt" : "development")) as AuthMode;
  if (!["jwt", "trusted-headers", "development"].includes(mode)) throw new Error(`AUTH_MODE must be jwt, trusted-headers or development, not '${mode}'`);
  if (mode === "jwt" && !configured) throw new Error("AUTH_MODE=jwt needs AUTH_JWKS_URI, AUTH_PUBLIC_KEY or AUTH_SECRET");
  const defaultAlgorithms = env.AUTH_SECRET || mode === "development" ? "HS256" : "RS256,ES256";
  return {
    mode,
    issuer: env.AUTH_ISSUER ?? (mode === "development" ? DEVELOPMENT_ISSUER : ""),
    audience: env.AUTH_AUDIENCE ?? DEFAULT_AUDIENCE,
    algorithms: (env.AUTH_ALGORITHMS ?? defaultAlgorithms).split(",").map((algorithm) => algorithm.trim()).filter(Boolean),
    clockSkewSeconds: Number(env.AUTH_CLOCK_SKEW_SECONDS ?? 60),
    jwksUrl: env.AUTH_JWKS_URI || undefined,
    publicKey: env.AUTH_PUBLIC_KEY || undefined,
    secret: env.AUTH_SECRET || undefined,
    apiKeys: (env.AUTH_API_KEYS ?? "").split(",").map((key) => key.trim()).filter(Boolean),
  };
}

/** Roles named in a token or header (names, Role objects, or one Role object), keeping only the platform's own. */
export function rolesFrom(value: unknown): Role[] {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return rolesFrom([value]);
  const names = Array.isArray(value)
    ? value.map((entry) => (typeof entry === "object" && entry !== null ? (entry as { name?: unknown }).name : entry))
    : typeof value === "string"
      ? value.split(",")
      : [];
  return [...new Set(names.map((name) => (typeof name === "string" ? name.trim() : name)).filter(isRole))];
}
