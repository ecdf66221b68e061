import { misspeltSettings } from "./misspelt";
import { isProduction, readSetting, valueProblems, type ConfigurationProblem, type Environment } from "./read";
import { DEVELOPMENT_PERSON_MATCH_KEY, type SettingName } from "./schema";

/**
 * Whether the platform may start with an environment: every problem at once, each saying what to set.
 * In production (`NODE_ENV=production`) the platform fails closed: development authentication, the
 * public person-matching key, a missing content-signing secret, reference services nobody asked for,
 * uploads without a scanner, and a misspelt platform variable all stop the start. Elsewhere only
 * values the platform cannot use do, and a misspelt variable is a warning.
 */
export type ConfigurationVerdict = {
  production: boolean;
  /** Each stops the start. */
  problems: ConfigurationProblem[];
  /** Printed, and the start goes on. */
  warnings: ConfigurationProblem[];
};

const problem = (variable: string, message: string): ConfigurationProblem => ({ variable, message });

/** A value when it parses; its problem is reported on its own by `valueProblems`. */
function valueOf<N extends SettingName>(env: Environment, name: N) {
  try {
    return readSetting(name, env);
  } catch {
    return undefined;
  }
}

/** The authentication mode the settings choose, as the kernel's auth settings read it. */
export function chosenAuthMode(env: Environment): "jwt" | "trusted-headers" | "development" | undefined {
  const configured = env.AUTH_JWKS_URI?.trim() || env.AUTH_PUBLIC_KEY?.trim() || env.AUTH_SECRET?.trim();
  if (!env.AUTH_MODE?.trim()) return configured ? "jwt" : "development";
  return valueOf(env, "AUTH_MODE");
}

/** Whether the launcher may start the reference adapter and simulator where no URL names the real service. */
export const referenceServicesAllowed = (env: Environment) => (valueOf(env, "REFERENCE_SERVICES") ?? (isProduction(env) ? "off" : "on")) === "on";

/** Problems in every mode: combinations the platform cannot run with. */
function combinationProblems(env: Environment): ConfigurationProblem[] {
  const found: ConfigurationProblem[] = [];
  const mode = chosenAuthMode(env);
  if (mode === "jwt" && !(env.AUTH_JWKS_URI?.trim() || env.AUTH_PUBLIC_KEY?.trim() || env.AUTH_SECRET?.trim())) {
    found.push(problem("AUTH_MODE", "AUTH_MODE=jwt needs the identity provider's key: set AUTH_JWKS_URI, AUTH_PUBLIC_KEY (PEM) or AUTH_SECRET (HMAC)."));
  }
  if (valueOf(env, "CONTENT_STORE") === "s3") {
    if (!env.S3_BUCKET?.trim()) found.push(problem("S3_BUCKET", "S3_BUCKET is required when CONTENT_STORE is 's3': set the bucket documents' bytes are kept in."));
    const [id, key] = [env.S3_ACCESS_KEY_ID?.trim(), env.S3_SECRET_ACCESS_KEY?.trim()];
    // Half a key pair is a mistake, not a request for the SDK's own credential chain.
    if (Boolean(id) !== Boolean(key)) {
      const missing = id ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      found.push(problem(missing, `${missing} is required when the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY is set.`));
    }
  }
  if (!referenceServicesAllowed(env)) {
    const why = isProduction(env) && !env.REFERENCE_SERVICES?.trim() ? "NODE_ENV=production starts no reference service unless asked" : "REFERENCE_SERVICES=off";
    if (!env.ELIGIBILITY_ADAPTER_URL?.trim()) {
      found.push(problem("ELIGIBILITY_ADAPTER_URL", `ELIGIBILITY_ADAPTER_URL is not set and ${why}: set it to the state's eligibility adapter, or REFERENCE_SERVICES=on to run the reference adapter (a demonstration).`));
    }
    if (!env.DATA_EXCHANGE_AGENCY_URL?.trim()) {
      found.push(problem("DATA_EXCHANGE_AGENCY_URL", `DATA_EXCHANGE_AGENCY_URL is not set and ${why}: set it to the agencies' gateway, or REFERENCE_SERVICES=on to run the reference agency simulator (a demonstration).`));
    }
  }
  return found;
}

/** Problems only production has: what is safe on a developer's machine and unsafe anywhere else. */
function productionProblems(env: Environment): ConfigurationProblem[] {
  const found: ConfigurationProblem[] = [];
  if (chosenAuthMode(env) === "development") {
    found.push(
      problem(
        "AUTH_MODE",
        "Authentication is in development mode, where GET /dev/token hands anyone a token for any role: set AUTH_JWKS_URI, AUTH_PUBLIC_KEY or AUTH_SECRET (jwt), or AUTH_MODE=trusted-headers behind an authenticating proxy.",
      ),
    );
  }
  const matchKey = env.PERSON_MATCH_KEY?.trim();
  if (!matchKey || matchKey === DEVELOPMENT_PERSON_MATCH_KEY) {
    found.push(
      problem(
        "PERSON_MATCH_KEY",
        `PERSON_MATCH_KEY is ${matchKey ? "the public development secret" : "not set"}, so SSN match keys would protect nothing: set it to a secret of at least 32 characters, the same in every process.`,
      ),
    );
  }
  if (!env.CONTENT_SIGNING_SECRET?.trim()) {
    found.push(problem("CONTENT_SIGNING_SECRET", "CONTENT_SIGNING_SECRET is not set: set a secret of at least 32 characters, the same in every process; it signs staged uploads and content links."));
  }
  if (valueOf(env, "VIRUS_SCAN") === "on" && !env.CLAMD_URL?.trim()) {
    found.push(problem("CLAMD_URL", "Uploads would not be scanned for viruses: set CLAMD_URL (tcp://host:3310), or VIRUS_SCAN=off to accept unscanned files on purpose."));
  }
  return found;
}

/** The verdict on an environment (the process's by default). */
export function configurationVerdict(env: Environment = process.env): ConfigurationVerdict {
  const production = isProduction(env);
  const misspelt = misspeltSettings(env).map(({ given, intended }) =>
    problem(given, `${given} is not a platform variable: did you mean ${intended}? Rename it${production ? "" : " (in production this stops the start)"}.`),
  );
  const problems = [...valueProblems(env), ...(production ? productionProblems(env) : []), ...combinationProblems(env), ...(production ? misspelt : [])];
  return { production, problems, warnings: production ? [] : misspelt };
}

/** The verdict as the launcher prints it: a heading, then one line per problem or warning. */
export function describeVerdict(verdict: ConfigurationVerdict, context: string): string {
  const where = `${verdict.production ? "NODE_ENV=production" : "development"}, ${context}`;
  const lines = verdict.problems.length
    ? [`The platform will not start (${where}): ${verdict.problems.length} ${verdict.problems.length === 1 ? "problem" : "problems"} in its configuration.`, ...verdict.problems.map((found) => `  - ${found.message}`)]
    : [`The configuration is sound (${where}): the platform would start.`];
  if (verdict.warnings.length) lines.push("Warnings:", ...verdict.warnings.map((found) => `  - ${found.message}`));
  return lines.join("\n");
}
