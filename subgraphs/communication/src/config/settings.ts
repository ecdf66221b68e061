import { noticeEmailProblems, readSetting, ConfigurationError } from "@pap/core";

export type NoticeSettings = {
  /** The mail server's URL; undefined: no email is sent, every copy is on paper. */
  smtpUrl: string | undefined;
  from: string;
  /** Attempts at an email before its copy is given up. */
  maxAttempts: number;
};

const read = new Map<string, NoticeSettings>();

/**
 * The communication domain's settings (read once per set of values: every request asks); a production
 * start without a mail server and without `NOTICE_EMAIL=off` is refused here too.
 */
export function noticeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): NoticeSettings {
  const key = [env.NODE_ENV, env.NOTICE_EMAIL, env.SMTP_URL, env.NOTICE_FROM].join("\u0000");
  const known = read.get(key);
  if (known) return known;
  const settings = settingsFrom(env);
  read.set(key, settings);
  return settings;
}

function settingsFrom(env: NodeJS.ProcessEnv): NoticeSettings {
  const problems = noticeEmailProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  const email = readSetting("NOTICE_EMAIL", env) === "on";
  return {
    smtpUrl: email ? readSetting("SMTP_URL", env) : undefined,
    from: readSetting("NOTICE_FROM", env),
    maxAttempts: 8,
  };
}
