import { noticeSettingsFromEnv } from "./settings";

describe("the notices' settings", () => {
  it("refuse a production start with email on and no mail server, naming both ways out", () => {
    expect(() => noticeSettingsFromEnv({ NODE_ENV: "production" })).toThrow(/set SMTP_URL .* or NOTICE_EMAIL=off/);
  });
  it("send nothing by email when NOTICE_EMAIL=off, in production too", () => {
    expect(noticeSettingsFromEnv({ NODE_ENV: "production", NOTICE_EMAIL: "off", SMTP_URL: "smtp://127.0.0.1:25" }).smtpUrl).toBeUndefined();
  });
  it("email through the server named, from the address named", () => {
    expect(noticeSettingsFromEnv({ SMTP_URL: "smtps://mail.example.gov:465", NOTICE_FROM: "Notices <n@example.gov>" })).toMatchObject({
      smtpUrl: "smtps://mail.example.gov:465",
      from: "Notices <n@example.gov>",
    });
    expect(noticeSettingsFromEnv({}).smtpUrl).toBeUndefined();
  });
});
