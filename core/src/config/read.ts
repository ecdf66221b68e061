import { settingDeclarations, settingNames, type SettingName, type SettingValue } from "./schema";

export type Environment = Readonly<Record<string, string | undefined>>;

/** A setting the platform cannot use, and what to do about it: one line of the launcher's refusal. */
export type ConfigurationProblem = { variable: string; message: string };

/** What is wrong with one variable's value as its declaration parses it (none when it parses). */
export function valueProblem(env: Environment, name: SettingName): ConfigurationProblem | undefined {
  const parsed = settingDeclarations[name].value.safeParse(env[name]);
  if (parsed.success) return undefined;
  return { variable: name, message: `${name} ${parsed.error.issues[0]?.message ?? "is not valid"}, not '${env[name]}'.` };
}

/** Every variable whose value does not parse. */
export const valueProblems = (env: Environment): ConfigurationProblem[] => settingNames.flatMap((name) => valueProblem(env, name) ?? []);

/** Thrown when a package reads a setting whose value it cannot use; the launcher reports these before anything starts. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly ConfigurationProblem[]) {
    super(problems.map((problem) => problem.message).join("\n"));
    this.name = "ConfigurationError";
  }
}

/** One setting's value, its default applied, from `env` (the process's environment by default). */
export function readSetting<N extends SettingName>(name: N, env: Environment = process.env): SettingValue<N> {
  const parsed = settingDeclarations[name].value.safeParse(env[name]);
  if (!parsed.success) throw new ConfigurationError([valueProblem(env, name)!]);
  return parsed.data as SettingValue<N>;
}

/** Whether `NODE_ENV=production`. */
export const isProduction = (env: Environment = process.env) => env.NODE_ENV?.trim() === "production";
