import { noticeEmailProblems, readSetting, ConfigurationError } from "@pap/core";

export type NoticeSettings = {
  /** The mail server's URL; undefined: no email is sent, every copy is on paper. */
  smtpUrl: string | undefined;
  from: string;
  /** Attempts at an email before its copy is given up. */
  maxAttempts: number;
};

/** The communication domain's settings; a production start without a mail server and without `NOTICE_EMAIL=off` is refused here too. */
export function noticeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): NoticeSettings {
  const problems = noticeEmailProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  const email = readSetting("NOTICE_EMAIL", env) === "on";
  return {
    smtpUrl: email ? readSetting("SMTP_URL", env) : undefined,
    from: readSetting("NOTICE_FROM", env),
    maxAttempts: 8,
  };
}
