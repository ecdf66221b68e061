// Partner scoping: a partner reads under its data-sharing agreement, which names programs (and, if
// it says so, counties). It lists, reads and is told of only the applications of those programs, the
// determinations that decide one of them (and of those, only their decisions), and the calls made to
// those programs' services; everything else is 404 or out of its lists. Personal identifiers (SSNs,
// dates of birth) read as absent unless the agreement shares them. The agreement is kept on the
// partner's account and embedded in its token at login.
import { bearer } from "../support/auth";
import { newApplication } from "../support/creators";
import { expectStatus, type Json } from "../support/expectations";
import { signAndSubmit } from "../support/intake-fixtures";
import { httpClient, startTestPlatform, type TestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";

const ALAMEDA = "06001";
const MARIN = "06041";
const SSN = "123-45-6781";
const BIRTH = "1988-03-14";
const API_KEY = { authorization: "", "x-api-key": "test-idp-api-key-2" };

let platform: TestPlatform;
const api = httpClient(() => platform.url);

beforeAll(async () => {
  platform = await startTestPlatform("partner_scoping");
});
afterAll(() => platform?.close());

type Headers = Record<string, string>;
type Household = { id: string; memberId: string };
const get = (url: string, headers: Headers) => api.raw("GET", url, undefined, headers);
const graph = async (query: string, headers: Headers, variables?: Json) =>
  (await api.raw("POST", "/graphql", { query, variables }, headers)).body as { data?: any; errors?: any[] };

/** A household applying for `programs`, its primary applicant (with an SSN and a date of birth) living in `county`. */
async function household(programs: string[], county: string): Promise<Household> {
  const application = await newApplication(api, { programs, channel: "online" });
  const member = await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      programsAppliedFor: programs,
      personalInformation: { ssn: SSN, dateOfBirth: BIRTH },
      contact: {
        name: { firstName: "Ana", lastName: programs.join("-") },
        primaryAddress: { addressLine1: "1 Main St", city: "Somewhere", state: "CA", zip: "99999", county },
      },
    }),
    201,
    "primary applicant",
  );
  return { id: application.id, memberId: member.id };
}

let snapOnly: Household;
let medicaidOnly: Household;
let both: Household;
let medicaidInMarin: Household;
/** A partner whose agreement covers Medicaid, without identifiers. */
let medicaid: Headers;
/** The same agreement, sharing identifiers. */
let medicaidWithIdentifiers: Headers;
/** An agreement covering Medicaid in Alameda only. */
let medicaidInAlameda: Headers;
/** A partner whose token names no agreement. */
let unnamed: Headers;

beforeAll(async () => {
  snapOnly = await household(["snap"], ALAMEDA);
  medicaidOnly = await household(["medicaid"], ALAMEDA);
  both = await household(["snap", "medicaid"], ALAMEDA);
  medicaidInMarin = await household(["medicaid"], MARIN);
  medicaid = await bearer(["partner_readonly"], { sub: "partner|medicaid", programs: ["medicaid"] });
  medicaidWithIdentifiers = await bearer(["partner_readonly"], {
    sub: "partner|medicaid-ids",
    programs: ["medicaid"],
    sharesIdentifiers: true,
  });
  medicaidInAlameda = await bearer(["partner_readonly"], { sub: "partner|alameda", programs: ["medicaid"], counties: [ALAMEDA] });
  unnamed = await bearer(["partner_readonly"], { sub: "partner|none" });
});

const listedApplications = async (headers: Headers) => {
  const { body } = await get("/intake/applications?limit=100", headers);
  return { total: body.total as number, ids: (body.items as Json[]).map((item) => item.id).sort() };
};

describe("applications", () => {
  it("lists and counts only those applying for one of the agreement's programs (and of its counties, when it names some)", async () => {
    expect(await listedApplications(medicaid)).toEqual({ total: 3, ids: [medicaidOnly.id, both.id, medicaidInMarin.id].sort() });
    expect(await listedApplications(medicaidInAlameda)).toEqual({ total: 2, ids: [medicaidOnly.id, both.id].sort() });
    expect(await listedApplications(unnamed)).toEqual({ total: 0, ids: [] });
  });

  it("answers 404 for another program's application and what is under it, over REST and through the graph", async () => {
    expect((await get(`/intake/applications/${snapOnly.id}`, medicaid)).status).toBe(404);
    expect((await get(`/intake/applications/${snapOnly.id}/members`, medicaid)).status).toBe(404);
    expect((await get(`/intake/applications/${snapOnly.id}/members/${snapOnly.memberId}`, medicaid)).status).toBe(404);
    expect((await get(`/intake/applications/${medicaidInMarin.id}`, medicaidInAlameda)).status).toBe(404);
    expect((await get(`/intake/applications/${both.id}`, medicaid)).status).toBe(200);
    const read = await graph("query ($id: ID!) { application(id: $id) { id } }", medicaid, { id: snapOnly.id });
    expect(read.data).toEqual({ application: null });
  });

  it("still refuses a partner every change", async () => {
    const patched = await api.patch(`/intake/applications/${medicaidOnly.id}`, { registerToVote: true }, medicaid);
    expect(patched.status).toBe(403);
    expect(patched.body.code).toBe("FORBIDDEN");
  });
});

describe("personal identifiers", () => {
  const memberPath = () => `/intake/applications/${medicaidOnly.id}/members/${medicaidOnly.memberId}`;

  it("are absent for a partner whose agreement does not share them, over REST and through the graph", async () => {
    const member = await expectStatus(get(memberPath(), medicaid), 200, "member");
    expect(member.personalInformation?.ssn ?? null).toBeNull();
    expect(member.personalInformation?.dateOfBirth ?? null).toBeNull();
    expect(JSON.stringify(member)).not.toContain(SSN);
    expect(JSON.stringify(member)).not.toContain(BIRTH);
    const read = await graph("query ($id: ID!) { application(id: $id) { members { personalInformation } } }", medicaid, {
      id: medicaidOnly.id,
    });
    expect(read.errors).toBeUndefined();
    const [shown] = read.data.application.members as Json[];
    expect(shown!.personalInformation).not.toHaveProperty("ssn");
    expect(shown!.personalInformation).not.toHaveProperty("dateOfBirth");
  });

  it("are shown to a partner whose agreement shares them, and to staff", async () => {
    const shared = await expectStatus(get(memberPath(), medicaidWithIdentifiers), 200, "member");
    expect(shared.personalInformation).toMatchObject({ ssn: SSN, dateOfBirth: BIRTH });
    const staff = await expectStatus(api.get(memberPath()), 200, "member");
    expect(staff.personalInformation).toMatchObject({ ssn: SSN, dateOfBirth: BIRTH });
  });
});

describe("determinations", () => {
  beforeAll(async () => {
    await signAndSubmit(api, `/intake/applications/${snapOnly.id}`, snapOnly.memberId);
    await signAndSubmit(api, `/intake/applications/${both.id}`, both.memberId);
    await platform.settle();
    await waitFor(async () => {
      const { body } = await api.raw("GET", "/eligibility/determinations?limit=100");
      return (body.items as Json[]).length >= 2;
    }, "both filings' determinations");
  });

  it("lists those deciding one of the agreement's programs, with only those programs' decisions", async () => {
    const { body } = await get("/eligibility/determinations?limit=100", medicaid);
    expect((body.items as Json[]).map((found) => found.applicationId)).toEqual([both.id]);
    expect(body.total).toBe(1);
    const determination = body.items[0] as Json;
    const nested = await graph("query ($id: ID!) { determination(id: $id) { decisions { program } } }", medicaid, { id: determination.id });
    expect(nested.data.determination.decisions).toEqual([{ program: "medicaid" }]);
    const decisions = await expectStatus(get(`/eligibility/determinations/${determination.id}/decisions`, medicaid), 200, "decisions");
    expect((decisions.items as Json[]).map((found) => found.program)).toEqual(["medicaid"]);
    const staff = await expectStatus(api.get(`/eligibility/determinations/${determination.id}/decisions`), 200, "decisions");
    expect((staff.items as Json[]).map((found) => found.program).sort()).toEqual(["medicaid", "snap"]);
  });

  it("answers 404 for a determination of other programs, and for a decision of another program", async () => {
    const [snapDetermination] = (await expectStatus(api.get(`/eligibility/determinations?q=applicationId:${snapOnly.id}`), 200, "d"))
      .items as Json[];
    expect((await get(`/eligibility/determinations/${snapDetermination!.id}`, medicaid)).status).toBe(404);
    const [mixed] = (await expectStatus(api.get(`/eligibility/determinations?q=applicationId:${both.id}`), 200, "d")).items as Json[];
    const decisions = await expectStatus(api.get(`/eligibility/determinations/${mixed!.id}/decisions`), 200, "decisions");
    const snapDecision = (decisions.items as Json[]).find((found) => found.program === "snap")!;
    const read = await graph("query ($d: ID!, $id: ID!) { decision(determinationId: $d, id: $id) { id } }", medicaid, {
      d: mixed!.id,
      id: snapDecision.id,
    });
    expect(read.data).toEqual({ decision: null });
  });
});

describe("service calls", () => {
  it("lists and reads only the calls made to the services of the agreement's programs", async () => {
    const submit = async (serviceType: string) =>
      (
        await expectStatus(
          api.post("/data-exchange/service-calls", { serviceType, requestingResourceId: both.memberId }),
          [200, 201],
          serviceType,
        )
      ).id as string;
    const lawfulPresence = await submit("fdsh_vlp"); // Medicaid's
    const wages = await submit("swica"); // SNAP's
    const { body } = await get("/data-exchange/service-calls?limit=100", medicaid);
    const listed = (body.items as Json[]).map((call) => call.id);
    expect(listed).toContain(lawfulPresence);
    expect(listed).not.toContain(wages);
    expect((body.items as Json[]).every((call) => call.serviceType !== "swica")).toBe(true);
    expect((await get(`/data-exchange/service-calls/${wages}`, medicaid)).status).toBe(404);
    expect((await get(`/data-exchange/service-calls/${lawfulPresence}`, medicaid)).status).toBe(200);
  });
});

describe("what no agreement covers", () => {
  it("is refused: the person index and documents", async () => {
    expect((await get("/persons", medicaid)).status).toBe(403);
    expect((await get("/document-management/documents", medicaid)).status).toBe(403);
  });

  it("finds nothing in search, where a name could be found across programs", async () => {
    const found = await expectStatus(get("/platform/search?q=Ana", medicaid), 200, "search");
    expect(found.total).toBe(0);
    expect((await expectStatus(api.get("/platform/search?q=Ana"), 200, "search")).total).toBeGreaterThan(0);
  });
});

describe("the agreement on the partner's account", () => {
  it("is kept with the account and embedded in its token's claims", async () => {
    const created = await expectStatus(
      api.post("/identity-access/users", {
        idpSubject: "partner|clinic",
        email: "data@clinic.example.org",
        roles: ["partner_readonly"],
        programs: ["medicaid", "chip"],
        sharesIdentifiers: true,
        counties: [ALAMEDA],
      }),
      201,
      "partner account",
    );
    expect(created).toMatchObject({ programs: ["medicaid", "chip"], sharesIdentifiers: true, counties: [ALAMEDA] });
    const claims = await expectStatus(api.raw("GET", "/identity-access/token/claims/partner%7Cclinic", undefined, API_KEY), 200, "claims");
    expect(claims).toMatchObject({ programs: ["medicaid", "chip"], sharesIdentifiers: true, counties: [ALAMEDA] });
  });

  it("names only the platform's programs", async () => {
    const refused = await api.post("/identity-access/users", {
      idpSubject: "partner|unknown",
      email: "data@partner.example.org",
      roles: ["partner_readonly"],
      programs: ["wic"],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: "programs.0" })]);
  });
});
