import { asConfigurationProblem, configurationVerdict, describeVerdict, type ConfigurationVerdict } from "@pap/core";
import { withCommandLine } from "./config";
import { deploymentVerdict } from "./deployment";

/**
 * The launcher's verdict on its environment and command line, before it starts anything: `--mode=`
 * is checked as PLATFORM_MODE would be, and the deployment's configuration file (PLATFORM_CONFIG) with
 * every domain's section. Every problem is named at once, one line each; `summary` says what the file
 * configures.
 */
export function launchVerdict(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { verdict: ConfigurationVerdict; text: string; summary: string } {
  const checked = withCommandLine(argv, env);
  const settings = configurationVerdict(checked);
  const deployment = deploymentVerdict(checked);
  const verdict = { ...settings, problems: [...settings.problems, ...deployment.problems.map(asConfigurationProblem)] };
  const summary = [`Deployment configuration (${deployment.location}):`, ...deployment.summary.map((line) => `  ${line}`)].join("\n");
  return { verdict, text: describeVerdict(verdict, `${checked.PLATFORM_MODE?.trim() || "single"} mode`), summary };
}

/**
 * `--check` prints the verdict and exits (0: the platform would start, 1: it would not); otherwise a
 * refused configuration exits 1 with the verdict on stderr, and warnings are printed before the start.
 * Returns only when the start may go on.
 */
export function checkBeforeStart(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  const { verdict, text, summary } = launchVerdict(argv, env);
  if (argv.includes("--check")) {
    process.stdout.write(`${text}\n${verdict.problems.length ? "" : `${summary}\n`}`);
    process.exit(verdict.problems.length ? 1 : 0);
  }
  if (verdict.problems.length) {
    process.stderr.write(`${text}\n`);
    process.exit(1);
  }
  if (verdict.warnings.length) process.stderr.write(`${text.split("\n").slice(1).join("\n")}\n`);
}
