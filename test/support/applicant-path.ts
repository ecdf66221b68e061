/**
 * The applicant's own path (README, "The applicant's path"), walked through real HTTP in one
 * authentication mode: each mode's test file says how that mode names its callers (a proxy's headers,
 * a token from the identity provider, a development token) and gets the same tests. An applicant with
 * an account creates an application, fills in the household, signs, submits, reads, lists and
 * withdraws it; another applicant is refused it (403) and never lists it; an applicant whose
 * credential names no account is told so, and nothing is written.
 */
import { randomUUID } from "node:crypto";
import type { RunningPlatform } from "@pap/gateway";
import { expectErrorEnvelope, expectStatus, type Json, listPath, MISSING_ID } from "./expectations";
import { startPlatformOn } from "./live";
import { httpClient, testDatabase } from "./platform";

type Headers = Record<string, string>;
export type Api = ReturnType<typeof httpClient>;

/** An applicant's user account: its id, and the identity provider's subject it is linked to. */
export type ApplicantAccount = { id: string; subject: string };

/** How one authentication mode names its callers. */
export type ModeCallers = {
  /** The settings that put the platform in the mode (applied while it starts). */
  env: Record<string, string | undefined>;
  /** A state administrator: makes the accounts, and shows what staff see. */
  admin(api: Api): Promise<Headers>;
  /** An applicant's credential naming only their identity provider's subject. */
  bySubject(api: Api, subject: string): Promise<Headers>;
  /** An applicant's credential naming their account's user id, as an identity provider embeds it or a proxy sends it. */
  byAccount(api: Api, account: ApplicantAccount): Promise<Headers>;
};

const APPLICATIONS = "/intake/applications";

const primaryApplicant = {
  roles: ["primary_applicant"],
  programsAppliedFor: ["snap"],
  personalInformation: { dateOfBirth: "1988-02-14" },
  contact: {
    name: { firstName: "Marisol", lastName: "Ortega" },
    primaryAddress: { addressLine1: "40 Elm St", city: "Springfield", state: "IL", zip: "62704" },
  },
};

export function applicantPath(mode: string, callers: ModeCallers): void {
  let platform: RunningPlatform | undefined;
  let api: Api;
  let admin: Headers;

  beforeAll(async () => {
    platform = await startPlatformOn(await testDatabase(`applicant_${mode}`), callers.env);
    api = httpClient(platform.url);
    admin = await callers.admin(api);
  });
  afterAll(async () => {
    await platform?.close();
  });

  /** A new applicant account, linked to `subject` as an administrator links one. */
  async function newApplicant(subject = `idp|${randomUUID()}`): Promise<ApplicantAccount> {
    const created = await expectStatus(
      api.raw(
        "POST",
        "/identity-access/users",
        { idpSubject: subject, email: `${randomUUID().slice(0, 8)}@example.org`, role: "applicant" },
        admin,
      ),
      201,
      "account",
    );
    return { id: created.id, subject };
  }

  const idsListed = async (headers: Headers) =>
    (await expectStatus(api.raw("GET", listPath(APPLICATIONS, { limit: 100 }), undefined, headers), 200, "list")).items.map(
      (item: Json) => item.id,
    );

  describe(`the applicant's path (${mode})`, () => {
    it("an applicant with an account creates an application, fills in the household, signs, submits, reads, lists and withdraws it", async () => {
      const staffs = await expectStatus(
        api.raw("POST", APPLICATIONS, { programs: ["medicaid"] }, admin),
        201,
        "a staff member's application",
      );
      const account = await newApplicant();
      const me = await callers.bySubject(api, account.subject);

      const application = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["snap"], channel: "online" }, me), 201, "create");
      expect(application).toMatchObject({ status: "draft", programs: ["snap"], channel: "online" });
      const base = `${APPLICATIONS}/${application.id}`;
      expect(await expectStatus(api.raw("PATCH", base, { registerToVote: false }, me), 200, "change")).toMatchObject({
        registerToVote: false,
      });

      // The household: members, then their job, income, expenses and assets, and the household's own facts.
      const primary = await expectStatus(api.raw("POST", `${base}/members`, primaryApplicant, me), 201, "primary applicant");
      const child = await expectStatus(
        api.raw(
          "POST",
          `${base}/members`,
          { roles: ["household_member"], contact: { name: { firstName: "Teo", lastName: "Ortega" } } },
          me,
        ),
        201,
        "child",
      );
      await expectStatus(
        api.raw("PATCH", `${base}/members/${child.id}`, { personalInformation: { dateOfBirth: "2019-06-30" } }, me),
        200,
        "change a member",
      );
      await expectStatus(
        api.raw(
          "POST",
          `${base}/jobs`,
          { memberId: primary.id, type: "employed", status: "active", hoursPerWeek: 30, startDate: "2025-05-01" },
          me,
        ),
        201,
        "job",
      );
      const income = await expectStatus(
        api.raw("POST", `${base}/incomes`, { memberId: primary.id, type: "employed", amount: 1200, frequency: "monthly" }, me),
        201,
        "income",
      );
      await expectStatus(api.raw("POST", `${base}/expenses`, { memberId: primary.id, amount: 700, type: "rent" }, me), 201, "expense");
      await expectStatus(
        api.raw(
          "POST",
          `${base}/assets`,
          { memberId: primary.id, type: "vehicle", value: 4000, year: 2012, make: "Honda", model: "Civic" },
          me,
        ),
        201,
        "asset",
      );
      await expectStatus(api.raw("PATCH", `${base}/household-info`, { isSubsidizedHousing: false }, me), 200, "household facts");
      expect(await expectStatus(api.raw("GET", `${base}/incomes/${income.id}`, undefined, me), 200, "read an income")).toMatchObject({
        amount: 1200,
        frequency: "monthly",
      });
      expect((await expectStatus(api.raw("GET", `${base}/expenses`, undefined, me), 200, "list expenses")).items).toEqual([
        expect.objectContaining({ amount: 700, type: "rent" }),
      ]);

      await expectStatus(
        api.raw(
          "POST",
          `${base}/signatures`,
          {
            signer: { type: "member", id: primary.id, role: "applicant" },
            purpose: "application",
            signedAt: "2026-11-25T09:00:00Z",
            signatureMethod: "electronic",
          },
          me,
        ),
        201,
        "sign",
      );
      expect(await expectStatus(api.raw("POST", `${base}/submit`, undefined, me), 200, "submit")).toMatchObject({
        status: "submitted",
        submittedAt: expect.any(String),
      });

      expect(await expectStatus(api.raw("GET", base, undefined, me), 200, "read")).toMatchObject({
        id: application.id,
        status: "submitted",
      });
      expect(
        (await expectStatus(api.raw("GET", `${base}/members`, undefined, me), 200, "members")).items.map((member: Json) => member.id),
      ).toEqual([primary.id, child.id]);
      // Their list holds their application alone, though a staff member's exists.
      expect(await idsListed(me)).toEqual([application.id]);
      expect(await idsListed(admin)).toEqual(expect.arrayContaining([application.id, staffs.id]));
      // The application is the account's, however the credential names it.
      expect((await expectStatus(api.raw("GET", base, undefined, await callers.byAccount(api, account)), 200, "read by user id")).id).toBe(
        application.id,
      );

      const withdrawn = await expectStatus(api.raw("POST", `${base}/withdraw`, { reason: "moved out of state" }, me), 200, "withdraw");
      expect(withdrawn).toMatchObject({ status: "withdrawn", withdrawnAt: expect.any(String) });
      const [event] = (
        await expectStatus(
          api.raw("GET", listPath("/platform/events", { subject: application.id, type: "intake.application.withdrawn" }), undefined, admin),
          200,
          "events",
        )
      ).items;
      expect(event.data).toEqual({ reason: "moved out of state" });
    });

    it("an applicant deletes a draft of their own", async () => {
      const me = await callers.bySubject(api, (await newApplicant()).subject);
      const draft = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["tanf"] }, me), 201, "create");
      expect((await api.raw("DELETE", `${APPLICATIONS}/${draft.id}`, undefined, me)).status).toBe(204);
      expectErrorEnvelope(await api.raw("GET", `${APPLICATIONS}/${draft.id}`, undefined, me), 404, "NOT_FOUND");
    });

    it("another applicant is refused an application that is not theirs (403, after 404 for one that does not exist) and never lists it", async () => {
      const owner = await callers.bySubject(api, (await newApplicant()).subject);
      const theirs = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["snap"] }, owner), 201, "the owner's application");
      const member = await expectStatus(
        api.raw("POST", `${APPLICATIONS}/${theirs.id}/members`, primaryApplicant, owner),
        201,
        "the owner's member",
      );
      // An identity provider whose subjects are uuids (as many are): still the subject, not an account id.
      const other = await callers.bySubject(api, (await newApplicant(randomUUID())).subject);
      const own = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["snap"] }, other), 201, "the other's own application");

      const base = `${APPLICATIONS}/${theirs.id}`;
      const refused: Array<[string, string, unknown?]> = [
        ["GET", base],
        ["PATCH", base, { channel: "mail" }],
        ["DELETE", base],
        ["GET", `${base}/members`],
        ["GET", `${base}/members/${member.id}`],
        ["POST", `${base}/members`, { roles: ["household_member"] }],
        ["POST", `${base}/incomes`, { memberId: member.id, type: "employed", amount: 1, frequency: "monthly" }],
        ["PATCH", `${base}/household-info`, { isSubsidizedHousing: true }],
        ["POST", `${base}/submit`],
        ["POST", `${base}/withdraw`, { reason: "not mine" }],
      ];
      for (const [method, path, body] of refused) {
        const response = await api.raw(method, path, body, other);
        expect({ request: `${method} ${path}`, status: response.status, code: response.body?.code }).toEqual({
          request: `${method} ${path}`,
          status: 403,
          code: "FORBIDDEN",
        });
      }
      expectErrorEnvelope(await api.raw("GET", `${APPLICATIONS}/${MISSING_ID}`, undefined, other), 404, "NOT_FOUND");
      expect(await idsListed(other)).toEqual([own.id]);
      const graph = await expectStatus(
        api.raw("POST", "/graphql", { query: "query ($id: ID!) { application(id: $id) { id } }", variables: { id: theirs.id } }, other),
        200,
        "graph",
      );
      expect(graph.data.application).toBeNull();
      expect(graph.errors[0].extensions.code).toBe("FORBIDDEN");

      // Nothing of the owner's changed.
      expect(await expectStatus(api.raw("GET", base, undefined, owner), 200, "the owner reads it")).toMatchObject({
        status: "draft",
        channel: null,
      });
      expect((await expectStatus(api.raw("GET", `${base}/members`, undefined, owner), 200, "the owner's members")).items).toHaveLength(1);
    });

    it("an applicant whose credential names no account is told so in the envelope, and nothing is written", async () => {
      const subject = `idp|${randomUUID()}`;
      const headers = await callers.bySubject(api, subject);
      const before = (await expectStatus(api.raw("GET", listPath(APPLICATIONS, { limit: 1 }), undefined, admin), 200, "staff list")).total;

      const refused = expectErrorEnvelope(await api.raw("POST", APPLICATIONS, { programs: ["snap"] }, headers), 403, "FORBIDDEN");
      expect(refused.message).toContain("user account");
      expect(refused.message).toContain(subject);
      expect(refused.details).toEqual([{ field: "authorization", message: "names no active user account" }]);
      expect((await expectStatus(api.raw("GET", listPath(APPLICATIONS, { limit: 1 }), undefined, admin), 200, "staff list")).total).toBe(
        before,
      );

      // Asking for an application is refused for the same reason; their list is empty.
      const someone = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["snap"] }, admin), 201, "an application");
      expect(
        expectErrorEnvelope(await api.raw("GET", `${APPLICATIONS}/${someone.id}`, undefined, headers), 403, "FORBIDDEN").details,
      ).toEqual(refused.details);
      expect(await idsListed(headers)).toEqual([]);
    });

    it("an applicant whose account is deactivated is told so, and keeps nothing of it", async () => {
      const account = await newApplicant();
      const me = await callers.bySubject(api, account.subject);
      const application = await expectStatus(api.raw("POST", APPLICATIONS, { programs: ["snap"] }, me), 201, "create");
      expect((await api.raw("DELETE", `/identity-access/users/${account.id}`, undefined, admin)).status).toBe(204);
      const refused = expectErrorEnvelope(await api.raw("GET", `${APPLICATIONS}/${application.id}`, undefined, me), 403, "FORBIDDEN");
      expect(refused.details).toEqual([{ field: "authorization", message: "names no active user account" }]);
      expect(await idsListed(me)).toEqual([]);
      // Staff still have the application.
      expect((await expectStatus(api.raw("GET", `${APPLICATIONS}/${application.id}`, undefined, admin), 200, "staff read")).status).toBe(
        "draft",
      );
    });
  });
}
