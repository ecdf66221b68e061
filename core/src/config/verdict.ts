import { misspeltSettings } from "./misspelt";
import { isProduction, valueProblems, type ConfigurationProblem, type Environment } from "./read";
import {
  auditWarnings,
  authKeyProblems,
  contentSigningProblems,
  contentStoreProblems,
  developmentAuthProblems,
  edgeProblems,
  encryptionKeyProblems,
  personMatchKeyProblems,
  referenceServiceProblems,
  scannerProblems,
  noticeEmailProblems,
  timeZoneProblems,
} from "./rules";

/**
 * Whether the platform may start with an environment: every problem at once, each saying what to set.
 * In production (`NODE_ENV=production`) the platform fails closed: development authentication, the
 * public person-matching key or encryption key, a missing content-signing secret, reference services nobody asked for,
 * uploads without a scanner, an unnamed time zone, and a misspelt platform variable all stop the start. Elsewhere only
 * values and combinations the platform cannot use do, and a misspelt variable is a warning.
 */
export type ConfigurationVerdict = {
  production: boolean;
  /** Each stops the start. */
  problems: ConfigurationProblem[];
  /** Printed, and the start goes on. */
  warnings: ConfigurationProblem[];
};

/** The verdict on an environment (the process's by default). */
export function configurationVerdict(env: Environment = process.env): ConfigurationVerdict {
  const production = isProduction(env);
  const misspelt = misspeltSettings(env).map(({ given, intended }) => ({
    variable: given,
    message: `${given} is not a platform variable: did you mean ${intended}? Rename it${production ? "" : " (in production this stops the start)"}.`,
  }));
  const problems = [
    ...valueProblems(env),
    ...developmentAuthProblems(env),
    ...personMatchKeyProblems(env),
    ...encryptionKeyProblems(env),
    ...contentSigningProblems(env),
    ...scannerProblems(env),
    ...noticeEmailProblems(env),
    ...authKeyProblems(env),
    ...contentStoreProblems(env),
    ...referenceServiceProblems(env),
    ...edgeProblems(env),
    ...timeZoneProblems(env),
    ...(production ? misspelt : []),
  ];
  return { production, problems, warnings: [...auditWarnings(env), ...(production ? [] : misspelt)] };
}

/** The verdict as the launcher prints it: a heading, then one line per problem or warning. */
export function describeVerdict(verdict: ConfigurationVerdict, context: string): string {
  const where = `${verdict.production ? "NODE_ENV=production" : "development"}, ${context}`;
  const lines = verdict.problems.length
    ? [
        `The platform will not start (${where}): ${verdict.problems.length} ${verdict.problems.length === 1 ? "problem" : "problems"} in its configuration.`,
        ...verdict.problems.map((found) => `  - ${found.message}`),
      ]
    : [`The configuration is sound (${where}): the platform would start.`];
  if (verdict.warnings.length) lines.push("Warnings:", ...verdict.warnings.map((found) => `  - ${found.message}`));
  return lines.join("\n");
}
