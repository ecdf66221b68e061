/**
 * The applicant's path in development mode (what `npm start` runs): tokens come from the platform's
 * own `GET /dev/token`, for a subject (`sub=`) or naming an account's user id (`userId=`).
 */
import { applicantPath, type Api } from "../support/applicant-path";

async function developmentToken(api: Api, query: Record<string, string>): Promise<{ authorization: string }> {
  const issued = await api.raw("GET", `/dev/token?${new URLSearchParams(query)}`, undefined, { authorization: "" });
  if (issued.status !== 200) throw new Error(`development token: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { authorization: `Bearer ${issued.body.token}` };
}

applicantPath("development", {
  env: { AUTH_MODE: "development" },
  admin: (api) => developmentToken(api, { role: "state_admin" }),
  bySubject: (api, subject) => developmentToken(api, { role: "applicant", sub: subject }),
  byAccount: (api, account) => developmentToken(api, { role: "applicant", sub: account.subject, userId: account.id }),
});
