import { isProduction, readSetting, type ConfigurationProblem, type Environment } from "./read";
import { holdsDevelopmentKey } from "./encryption-keys";
import { DEVELOPMENT_PERSON_MATCH_KEY, type SettingName } from "./schema";

/**
 * The rules that span several variables, each said once: the launcher's verdict applies them all
 * before a start, and the package a rule protects applies its own again when it reads its settings
 * (a process started on its own, without the launcher, is held to it too). A value that does not
 * parse is no concern of theirs: `valueProblems` reports it.
 */
const problem = (variable: string, message: string): ConfigurationProblem => ({ variable, message });

/** A value when it parses, else undefined (its problem is reported apart). */
function parsed<N extends SettingName>(env: Environment, name: N) {
  try {
    return readSetting(name, env);
  } catch {
    return undefined;
  }
}

/** Whether a key to verify tokens with is configured (JWKS, PEM key or HMAC secret). */
const tokenKeyConfigured = (env: Environment) =>
  Boolean(env.AUTH_JWKS_URI?.trim() || env.AUTH_PUBLIC_KEY?.trim() || env.AUTH_SECRET?.trim());

/** The authentication mode the settings choose: AUTH_MODE, else `jwt` when a key is configured, else `development`. */
export function authModeOf(env: Environment): "jwt" | "trusted-headers" | "development" | undefined {
  if (!env.AUTH_MODE?.trim()) return tokenKeyConfigured(env) ? "jwt" : "development";
  return parsed(env, "AUTH_MODE");
}

/** `jwt` mode needs a key. */
export function authKeyProblems(env: Environment): ConfigurationProblem[] {
  if (authModeOf(env) !== "jwt" || tokenKeyConfigured(env)) return [];
  return [
    problem(
      "AUTH_MODE",
      "AUTH_MODE=jwt needs the identity provider's key: set AUTH_JWKS_URI, AUTH_PUBLIC_KEY (PEM) or AUTH_SECRET (HMAC).",
    ),
  ];
}

/** The S3 store needs a bucket, and a key pair is given whole or not at all. */
export function contentStoreProblems(env: Environment): ConfigurationProblem[] {
  if (parsed(env, "CONTENT_STORE") !== "s3") return [];
  const found: ConfigurationProblem[] = [];
  if (!env.S3_BUCKET?.trim())
    found.push(problem("S3_BUCKET", "S3_BUCKET is required when CONTENT_STORE is 's3': set the bucket documents' bytes are kept in."));
  const [id, key] = [env.S3_ACCESS_KEY_ID?.trim(), env.S3_SECRET_ACCESS_KEY?.trim()];
  // Half a key pair is a mistake, not a request for the SDK's own credential chain.
  if (Boolean(id) !== Boolean(key)) {
    const missing = id ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    found.push(problem(missing, `${missing} is required when the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY is set.`));
  }
  return found;
}

/**
 * Production names its time zone: the default, UTC, would put every deadline and every day's end hours
 * away from the offices' own, and nothing would look wrong until a caseworker's due date did.
 */
export function timeZoneProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env) || env.PLATFORM_TIME_ZONE?.trim()) return [];
  return [
    problem(
      "PLATFORM_TIME_ZONE",
      "NODE_ENV=production needs the offices' time zone: set PLATFORM_TIME_ZONE to an IANA name (America/New_York), even if it is UTC.",
    ),
  ];
}

/** Production scans every upload unless `VIRUS_SCAN=off` says otherwise on purpose. */
export function scannerProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env) || parsed(env, "VIRUS_SCAN") !== "on" || env.CLAMD_URL?.trim()) return [];
  return [
    problem(
      "CLAMD_URL",
      "NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL (tcp://host:3310), or VIRUS_SCAN=off to accept unscanned files on purpose.",
    ),
  ];
}

/** Production emails notices only through a configured mail server, unless `NOTICE_EMAIL=off` says on purpose that every copy is on paper. */
export function noticeEmailProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env) || parsed(env, "NOTICE_EMAIL") !== "on" || env.SMTP_URL?.trim()) return [];
  return [
    problem(
      "SMTP_URL",
      "NODE_ENV=production needs a mail server for notices to households that prefer email: set SMTP_URL (smtp://host:587), or NOTICE_EMAIL=off to send every copy on paper on purpose.",
    ),
  ];
}

/** Whether the launcher may start the reference adapter and simulator where no URL names the real service. */
export const referenceServicesAllowed = (env: Environment) =>
  (parsed(env, "REFERENCE_SERVICES") ?? (isProduction(env) ? "off" : "on")) === "on";

/** A reference service may be started only where allowed; elsewhere its URL must be given. */
export function referenceServiceProblems(env: Environment): ConfigurationProblem[] {
  if (referenceServicesAllowed(env)) return [];
  const why =
    isProduction(env) && !env.REFERENCE_SERVICES?.trim()
      ? "NODE_ENV=production starts no reference service unless asked"
      : "REFERENCE_SERVICES=off";
  const found: ConfigurationProblem[] = [];
  if (!env.ELIGIBILITY_ADAPTER_URL?.trim()) {
    found.push(
      problem(
        "ELIGIBILITY_ADAPTER_URL",
        `ELIGIBILITY_ADAPTER_URL is not set and ${why}: set it to the state's eligibility adapter, or REFERENCE_SERVICES=on to run the reference adapter (a demonstration).`,
      ),
    );
  }
  if (!env.DATA_EXCHANGE_AGENCY_URL?.trim()) {
    found.push(
      problem(
        "DATA_EXCHANGE_AGENCY_URL",
        `DATA_EXCHANGE_AGENCY_URL is not set and ${why}: set it to the agencies' gateway, or REFERENCE_SERVICES=on to run the reference agency simulator (a demonstration).`,
      ),
    );
  }
  return found;
}

/** Production never serves development tokens. */
export function developmentAuthProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env) || authModeOf(env) !== "development") return [];
  return [
    problem(
      "AUTH_MODE",
      "Authentication is in development mode, where GET /dev/token hands anyone a token for any role: set AUTH_JWKS_URI, AUTH_PUBLIC_KEY or AUTH_SECRET (jwt), or AUTH_MODE=trusted-headers behind an authenticating proxy.",
    ),
  ];
}

/** Production keys SSNs with a secret of its own. */
export function personMatchKeyProblems(env: Environment): ConfigurationProblem[] {
  const key = env.PERSON_MATCH_KEY?.trim();
  if (!isProduction(env) || (key && key !== DEVELOPMENT_PERSON_MATCH_KEY)) return [];
  return [
    problem(
      "PERSON_MATCH_KEY",
      `PERSON_MATCH_KEY is ${key ? "the public development secret" : "not set"}, so SSN match keys would protect nothing: set it to a secret of at least 32 characters, the same in every process.`,
    ),
  ];
}

/** Production signs content links with a secret of its own, whatever its authentication. */
export function contentSigningProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env) || env.CONTENT_SIGNING_SECRET?.trim()) return [];
  return [
    problem(
      "CONTENT_SIGNING_SECRET",
      "CONTENT_SIGNING_SECRET is not set: set a secret of at least 32 characters, the same in every process; it signs staged uploads and content links.",
    ),
  ];
}

/** Production names its proxies, and lets no origin whatever call it from a browser. */
export function edgeProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env)) return [];
  const found: ConfigurationProblem[] = [];
  if (parsed(env, "TRUST_PROXY") === true)
    found.push(
      problem(
        "TRUST_PROXY",
        "TRUST_PROXY=true believes X-Forwarded-For from any client, so anyone can choose the address their requests count against: name the proxies (addresses or CIDR ranges).",
      ),
    );
  if (parsed(env, "CORS_ORIGINS")?.includes("*"))
    found.push(
      problem(
        "CORS_ORIGINS",
        "CORS_ORIGINS=* lets a page on any site call the platform from its visitors' browsers: list the origins of the agency's own browser apps.",
      ),
    );
  return found;
}

/**
 * Turning the audit trail off is said at every start, in production too: it exists so that a benchmark
 * can measure what the trail costs against the same production platform without it, and nothing else.
 */
export function auditWarnings(env: Environment): ConfigurationProblem[] {
  if (parsed(env, "AUDIT_SENSITIVE_READS") !== false) return [];
  return [
    problem(
      "AUDIT_SENSITIVE_READS",
      "AUDIT_SENSITIVE_READS=false leaves reads of SSNs, dates of birth, incomes and documents unrecorded: nobody can say who saw them. It is for benchmarks; an agency's deployment keeps the trail.",
    ),
  ];
}

/** Production seals sensitive values with keys of its own (a malformed list is a value problem, reported apart). */
export function encryptionKeyProblems(env: Environment): ConfigurationProblem[] {
  if (!isProduction(env)) return [];
  const keys = parsed(env, "ENCRYPTION_KEYS");
  if (env.ENCRYPTION_KEYS?.trim() && keys === undefined) return [];
  if (keys && !holdsDevelopmentKey(keys)) return [];
  return [
    problem(
      "ENCRYPTION_KEYS",
      `ENCRYPTION_KEYS ${keys ? "holds the public development key" : "is not set"}, so SSNs and the other sensitive values would be sealed with a key anyone can read: set it to id:base64key (32 random bytes, e.g. \`openssl rand -base64 32\`), the same in every process.`,
    ),
  ];
}
