import { ConfigurationError, readSetting, authKeyProblems, authModeOf } from "@pap/core";
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
export { DEFAULT_AUDIENCE } from "@pap/core";

/** The settings from the environment, each read through its declaration in the configuration schema. */
export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const [jwksUrl, publicKey, secret] = [
    readSetting("AUTH_JWKS_URI", env),
    readSetting("AUTH_PUBLIC_KEY", env),
    readSetting("AUTH_SECRET", env),
  ];
  const mode = readSetting("AUTH_MODE", env) ?? authModeOf(env)!;
  const problems = authKeyProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  const algorithms = readSetting("AUTH_ALGORITHMS", env);
  return {
    mode,
    issuer: readSetting("AUTH_ISSUER", env) ?? (mode === "development" ? DEVELOPMENT_ISSUER : ""),
    audience: readSetting("AUTH_AUDIENCE", env),
    algorithms: algorithms.length ? algorithms : secret || mode === "development" ? ["HS256"] : ["RS256", "ES256"],
    clockSkewSeconds: readSetting("AUTH_CLOCK_SKEW_SECONDS", env),
    jwksUrl,
    publicKey,
    secret,
    apiKeys: readSetting("AUTH_API_KEYS", env),
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
