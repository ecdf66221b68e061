// County scoping (COUNTY_SCOPING=on): two counties' caseworkers each reach their own county's
// applications, the records under them, their tasks and their cases, and nothing of the other's:
// lists and totals leave the other out, reads of it are 404 (never 403, which would tell it exists),
// over REST, through the graph's fields and links, and on a subscription. Staff with no county, like
// the state administrator, reach every county and the applications whose county is unknown.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "graphql-ws/client";
import WebSocket from "ws";
import { bearer, workerAccount } from "../support/auth";
import { newApplication, caseBody, newPerson } from "../support/creators";
import { expectStatus, type Json } from "../support/expectations";
import { signAndSubmit } from "../support/intake-fixtures";
import { collect, openStream } from "../support/live";
import { httpClient, startTestPlatform, type TestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";

const ALAMEDA = "06001";
const MARIN = "06041";

let platform: TestPlatform;
const api = httpClient(() => platform.url);
const scopingEnv = { COUNTY_SCOPING: "on", COUNTY_TABLE: "" };

beforeAll(async () => {
  const table = path.join(mkdtempSync(path.join(tmpdir(), "pap-counties-")), "counties.json");
  writeFileSync(table, JSON.stringify({ Alameda: ALAMEDA, Marin: MARIN, "94901": MARIN }));
  scopingEnv.COUNTY_TABLE = table;
  const saved = Object.fromEntries(Object.keys(scopingEnv).map((name) => [name, process.env[name]]));
  Object.assign(process.env, scopingEnv);
  try {
    platform = await startTestPlatform("county_scoping");
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
afterAll(() => platform?.close());

type Headers = Record<string, string>;
let alameda: Headers;
let marin: Headers;
let statewide: Headers;

const get = (url: string, headers: Headers) => api.raw("GET", url, undefined, headers);
const graph = async (query: string, headers: Headers, variables?: Json) =>
  (await api.raw("POST", "/graphql", { query, variables }, headers)).body as { data?: any; errors?: any[] };

/** An application whose primary applicant lives at `address`, submitted so that its review task opens. */
async function householdAt(address: Json, lastName: string): Promise<{ id: string; memberId: string }> {
  const application = await newApplication(api, { programs: ["snap"], channel: "online" });
  const member = await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      contact: {
        name: { firstName: "Ana", lastName },
        primaryAddress: { addressLine1: "1 Main St", city: "Somewhere", state: "CA", zip: "99999", ...address },
      },
    }),
    201,
    "primary applicant",
  );
  return { id: application.id, memberId: member.id };
}

let inAlameda: { id: string; memberId: string };
let inMarin: { id: string; memberId: string };
let unknownCounty: { id: string; memberId: string };
/** Alameda's own SNAP queue: its SNAP tasks go there, Marin's (which has none) to the state's. */
let alamedaSnapQueue: string;
let stateSnapQueue: string;

beforeAll(async () => {
  alameda = await bearer(["case_worker"], { sub: "test|alameda", counties: [ALAMEDA] });
  // A county named as the table names it is the same county as its code.
  marin = await bearer(["case_worker"], { sub: "test|marin", counties: ["Marin"] });
  statewide = await bearer(["case_worker"], { sub: "test|statewide" });
  alamedaSnapQueue = (
    await expectStatus(api.post("/workflow/queues", { name: "snap-intake-alameda", county: ALAMEDA }), 201, "county queue")
  ).id;
  stateSnapQueue = (await expectStatus(api.get("/workflow/queues?q=name:snap-intake"), 200, "queues")).items[0].id;
  inAlameda = await householdAt({ zip: "94501", county: ALAMEDA }, "Alameda");
  inMarin = await householdAt({ zip: "94901" }, "Marin");
  unknownCounty = await householdAt({ zip: "10001", county: "Atlantis" }, "Nowhere");
});

describe("an application's county", () => {
  it("is its primary applicant's primary address's: a FIPS code, a name or a ZIP code the table maps; else state level", async () => {
    const county = async (id: string) => (await expectStatus(api.get(`/intake/applications/${id}`), 200, "application")).county;
    expect(await county(inAlameda.id)).toBe(ALAMEDA);
    expect(await county(inMarin.id)).toBe(MARIN);
    expect(await county(unknownCounty.id)).toBeNull();
  });
});

describe("REST", () => {
  it("lists and counts only the applications of the caller's counties; staff without counties see all", async () => {
    const listed = async (headers: Headers) => {
      const { body } = await get("/intake/applications?limit=100", headers);
      return { total: body.total as number, ids: (body.items as Json[]).map((item) => item.id).sort() };
    };
    expect(await listed(alameda)).toEqual({ total: 1, ids: [inAlameda.id] });
    expect(await listed(marin)).toEqual({ total: 1, ids: [inMarin.id] });
    expect((await listed(statewide)).ids).toEqual([inAlameda.id, inMarin.id, unknownCounty.id].sort());
  });

  it("answers 404, not 403, for another county's application, its records and changes to it", async () => {
    expect((await get(`/intake/applications/${inMarin.id}`, alameda)).status).toBe(404);
    expect((await get(`/intake/applications/${inMarin.id}/members`, alameda)).status).toBe(404);
    expect((await get(`/intake/applications/${inMarin.id}/members/${inMarin.memberId}`, alameda)).status).toBe(404);
    expect((await get(`/intake/applications/${unknownCounty.id}`, alameda)).status).toBe(404);
    const patched = await api.patch(`/intake/applications/${inMarin.id}`, { registerToVote: true }, alameda);
    expect(patched.status).toBe(404);
    expect(patched.body.code).toBe("NOT_FOUND");
    // Its own county's, it reads and changes.
    expect((await get(`/intake/applications/${inAlameda.id}/members`, alameda)).body.total).toBe(1);
    expect((await api.patch(`/intake/applications/${inAlameda.id}`, { registerToVote: true }, alameda)).status).toBe(200);
  });

  it("a filing's tasks belong to its county: listed, read and acted on only there", async () => {
    await signAndSubmit(api, `/intake/applications/${inAlameda.id}`, inAlameda.memberId);
    await signAndSubmit(api, `/intake/applications/${inMarin.id}`, inMarin.memberId);
    await platform.settle();
    const tasksOf = async (headers: Headers) => ((await get("/workflow/tasks?limit=100", headers)).body.items as Json[]) ?? [];
    const alamedaTasks = await tasksOf(alameda);
    expect(alamedaTasks.map((task) => [task.subjectId, task.county])).toEqual([[inAlameda.id, ALAMEDA]]);
    const marinTask = (await tasksOf(marin)).find((task) => task.subjectId === inMarin.id)!;
    expect(marinTask.county).toBe(MARIN);
    // Routed to the county's queue where the county has one.
    expect(alamedaTasks[0]!.queueId).toBe(alamedaSnapQueue);
    expect(marinTask.queueId).toBe(stateSnapQueue);
    expect((await get(`/workflow/tasks/${marinTask.id}`, alameda)).status).toBe(404);
    expect((await api.post(`/workflow/tasks/${marinTask.id}/claim`, {}, alameda)).status).toBe(404);
    expect((await tasksOf(statewide)).map((task) => task.subjectId)).toEqual(expect.arrayContaining([inAlameda.id, inMarin.id]));
  });

  it("a confined caller's workflow metrics count their counties' tasks only", async () => {
    const pendingOf = async (headers: Headers) =>
      (await expectStatus(get("/workflow/metrics/tasks_in_queue", headers), 200, "metric")).value as number;
    const pendingListed = async (headers: Headers) =>
      (await expectStatus(get("/workflow/tasks?q=status:pending&limit=1", headers), 200, "tasks")).total as number;
    // Metrics are supervisors'; each is confined as the county's caseworker is.
    const alamedaSupervisor = await bearer(["supervisor"], { sub: "test|alameda-supervisor", counties: [ALAMEDA] });
    const marinSupervisor = await bearer(["supervisor"], { sub: "test|marin-supervisor", counties: [MARIN] });
    const stateSupervisor = await bearer(["supervisor"], { sub: "test|state-supervisor" });
    expect(await pendingOf(alamedaSupervisor)).toBe(await pendingListed(alameda));
    expect(await pendingOf(marinSupervisor)).toBe(await pendingListed(marin));
    expect(await pendingOf(alamedaSupervisor)).toBeGreaterThan(0);
    expect(await pendingOf(stateSupervisor)).toBe((await pendingOf(alamedaSupervisor)) + (await pendingOf(marinSupervisor)));
  });

  it("a filing's determination and its decisions belong to its county", async () => {
    const determinationsOf = async (headers: Headers) =>
      ((await get("/eligibility/determinations?limit=100", headers)).body.items as Json[]).map((found) => [
        found.applicationId,
        found.county,
      ]);
    expect(await determinationsOf(alameda)).toEqual([[inAlameda.id, ALAMEDA]]);
    expect(await determinationsOf(marin)).toEqual([[inMarin.id, MARIN]]);
    const marinDetermination = (
      await expectStatus(api.get(`/eligibility/determinations?q=applicationId:${inMarin.id}`), 200, "determinations")
    ).items[0];
    expect((await get(`/eligibility/determinations/${marinDetermination.id}`, alameda)).status).toBe(404);
    expect((await get(`/eligibility/determinations/${marinDetermination.id}/decisions`, alameda)).status).toBe(404);
    expect((await get(`/eligibility/determinations/${marinDetermination.id}/decisions`, marin)).status).toBe(200);
  });

  it("a case a confined worker opens is their county's; another county's worker cannot find it", async () => {
    const personId = await newPerson(api, "Casey");
    const opened = await expectStatus(api.post("/case-management/cases", caseBody(personId), alameda), 201, "case");
    expect(opened.county).toBe(ALAMEDA);
    expect((await get(`/case-management/cases/${opened.id}`, alameda)).status).toBe(200);
    expect((await get(`/case-management/cases/${opened.id}`, marin)).status).toBe(404);
    expect((await api.patch(`/case-management/cases/${opened.id}`, { assignedToId: null }, marin)).status).toBe(404);
    const marinCases = (await get("/case-management/cases?limit=100", marin)).body;
    expect(marinCases.items.map((found: Json) => found.id)).not.toContain(opened.id);
    expect((await get(`/case-management/cases/${opened.id}`, statewide)).status).toBe(200);
  });
});

describe("the graph", () => {
  it("gives null for another county's application, by id and through its tasks, and lists its own alone", async () => {
    const byId = `query($id: ID!) { application(id: $id) { id county members { id } } }`;
    expect((await graph(byId, alameda, { id: inMarin.id })).data.application).toBeNull();
    expect((await graph(byId, alameda, { id: inAlameda.id })).data.application).toMatchObject({ id: inAlameda.id, county: ALAMEDA });
    const listed = await graph(`{ applications(limit: 100) { total items { id } } }`, marin);
    expect(listed.data.applications).toEqual({ total: 1, items: [{ id: inMarin.id }] });
    const tasks = await graph(`{ tasks(limit: 100) { total items { county } } }`, alameda);
    expect(tasks.data.tasks.items.map((task: Json) => task.county)).toEqual([ALAMEDA]);
    const viaTask = await graph(`query($id: ID!) { application(id: $id) { id tasks { county } } }`, alameda, { id: inAlameda.id });
    expect(viaTask.data.application.tasks.map((task: Json) => task.county)).toEqual([ALAMEDA]);
  });
});

describe("appointments", () => {
  it("belong to their subject's county, else to their confined creator's", async () => {
    const personId = await newPerson(api, "Appointed");
    const slot = { personId, startAt: "2026-12-01T15:00:00Z", endAt: "2026-12-01T15:30:00Z", appointmentType: "Intake interview" };
    const forMarin = await expectStatus(
      api.post("/scheduling/appointments", { ...slot, subjectType: "application", subjectId: inMarin.id }),
      201,
      "Marin's appointment",
    );
    expect(forMarin.county).toBe(MARIN);
    const byAlameda = await expectStatus(api.post("/scheduling/appointments", slot, alameda), 201, "Alameda's appointment");
    expect(byAlameda.county).toBe(ALAMEDA);
    const listed = async (headers: Headers) =>
      ((await get(`/scheduling/appointments?q=personId:${personId}`, headers)).body.items as Json[]).map((found) => found.id);
    expect(await listed(alameda)).toEqual([byAlameda.id]);
    expect(await listed(marin)).toEqual([forMarin.id]);
    expect((await listed(statewide)).sort()).toEqual([byAlameda.id, forMarin.id].sort());
    expect((await get(`/scheduling/appointments/${forMarin.id}`, alameda)).status).toBe(404);
    expect((await api.delete(`/scheduling/appointments/${forMarin.id}`, alameda)).status).toBe(404);
    // Nor may Alameda book one for Marin's household.
    const refused = await api.post("/scheduling/appointments", { ...slot, subjectType: "application", subjectId: inMarin.id }, alameda);
    expect(refused.status).toBe(404);
  });
});

describe("persons", () => {
  const person = async (lastName: string, extra: Json = {}, headers?: Headers) =>
    expectStatus(api.raw("POST", "/persons", { name: { firstName: "Pat", lastName }, ...extra }, headers), 201, lastName);
  const listedPersons = async (headers: Headers, lastName: string) =>
    ((await get(`/persons?q=name.lastName:${lastName}`, headers)).body.items as Json[]).map((found) => found.id as string);

  it("belong to their address's county, else to their confined creator's; another county's are not found", async () => {
    const inMarinByAddress = await person("Marinite", { address: { city: "San Rafael", zip: "94901" } });
    const byAlameda = await person("Alamedan", {}, alameda);
    const stateLevel = await person("Statewide");
    expect((await get(`/persons/${byAlameda.id}`, alameda)).status).toBe(200);
    expect((await get(`/persons/${byAlameda.id}`, marin)).status).toBe(404);
    expect((await get(`/persons/${inMarinByAddress.id}`, alameda)).status).toBe(404);
    expect((await get(`/persons/${inMarinByAddress.id}`, marin)).status).toBe(200);
    expect((await get(`/persons/${stateLevel.id}`, alameda)).status).toBe(404);
    expect((await api.patch(`/persons/${inMarinByAddress.id}`, { nickname: "M" }, alameda)).status).toBe(404);
    expect(await listedPersons(alameda, "Marinite")).toEqual([]);
    expect(await listedPersons(marin, "Marinite")).toEqual([inMarinByAddress.id]);
    expect(await listedPersons(statewide, "Statewide")).toEqual([stateLevel.id]);
  });

  it("join the county of each application and case that links them, and are reached through it", async () => {
    const linked = await person("Linked");
    expect((await get(`/persons/${linked.id}`, alameda)).status).toBe(404);
    const household = await householdAt({ zip: "94501", county: ALAMEDA }, "Household");
    const member = await expectStatus(
      api.post(`/intake/applications/${household.id}/members`, {
        roles: ["household_member"],
        programsAppliedFor: ["snap"],
        personId: linked.id,
        contact: { name: { firstName: "Pat", lastName: "Linked" } },
      }),
      201,
      "member",
    );
    expect((await get(`/persons/${linked.id}`, alameda)).status).toBe(200);
    expect((await get(`/persons/${linked.id}`, marin)).status).toBe(404);
    const walked = await graph("query($id: ID!) { application(id: $id) { members { id person { id } } } }", alameda, { id: household.id });
    const walkedMember = (walked.data.application.members as Json[]).find((found) => found.id === member.id)!;
    expect(walkedMember.person).toEqual({ id: linked.id });
    // Marin cannot walk to them; a case opened for them in Marin adds Marin, and both counties reach them now.
    expect((await graph("query($id: ID!) { person(id: $id) { id } }", marin, { id: linked.id })).data.person).toBeNull();
    await expectStatus(api.post("/case-management/cases", caseBody(linked.id), marin), 201, "Marin's case");
    expect((await get(`/persons/${linked.id}`, marin)).status).toBe(200);
    expect((await get(`/persons/${linked.id}`, alameda)).status).toBe(200);
  });
});

describe("documents", () => {
  const DOCUMENTS = "/document-management/documents";
  /** Files a small document (as `headers`' caller, else the suite's administrator), its metadata naming an application if given. */
  const file = async (title: string, headers?: Headers, applicationId?: string): Promise<Json> => {
    const form = new FormData();
    form.append("file", new Blob([`${title} bytes`], { type: "text/plain" }), "proof.txt");
    form.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
    form.append("title", title);
    if (applicationId) form.append("metadata", JSON.stringify({ intake: { applicationId } }));
    return expectStatus(api.raw("POST", DOCUMENTS, form, headers), 201, title);
  };
  const listed = async (headers: Headers) =>
    ((await get(`${DOCUMENTS}?limit=100`, headers)).body.items as Json[]).map((found) => found.id as string);

  it("belong to the application they are filed for, else to their confined filer's county", async () => {
    const forMarin = await file("Marin's proof", undefined, inMarin.id);
    expect(forMarin.county).toBe(MARIN);
    const byAlameda = await file("Alameda's proof", alameda);
    expect(byAlameda.county).toBe(ALAMEDA);
    expect(await listed(alameda)).toContain(byAlameda.id);
    expect(await listed(alameda)).not.toContain(forMarin.id);
    expect(await listed(marin)).toEqual(expect.arrayContaining([forMarin.id]));
    expect(await listed(marin)).not.toContain(byAlameda.id);
    // Another county's document, its versions and its bytes are not found.
    expect((await get(`${DOCUMENTS}/${forMarin.id}`, alameda)).status).toBe(404);
    expect((await get(`/document-management/document-versions/${forMarin.latestVersionId}/content`, alameda)).status).toBe(404);
    expect((await get(`/document-management/document-versions/${forMarin.latestVersionId}/content`, marin)).status).toBe(200);
    expect((await api.patch(`${DOCUMENTS}/${forMarin.id}`, { title: "Renamed" }, alameda)).status).toBe(404);
    // Filing one for another county's application is refused as reading it would be.
    const form = new FormData();
    form.append("file", new Blob(["x"], { type: "text/plain" }), "x.txt");
    form.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
    form.append("title", "Not theirs");
    form.append("metadata", JSON.stringify({ intake: { applicationId: inMarin.id } }));
    expect((await api.raw("POST", DOCUMENTS, form, alameda)).status).toBe(404);
    // Through the graph: an application's documents are its county's (the notices sent for it among them).
    const viaApplication = await graph(`query($id: ID!) { application(id: $id) { documents { id county } } }`, marin, { id: inMarin.id });
    expect(viaApplication.data.application.documents).toContainEqual({ id: forMarin.id, county: MARIN });
    expect(viaApplication.data.application.documents.every((found: Json) => found.county === MARIN)).toBe(true);
  });

  it("take the county of the first record a state-level one is linked to; a link to one out of reach is 404", async () => {
    const unplaced = await file("Unplaced proof");
    expect(unplaced.county).toBeNull();
    expect((await get(`${DOCUMENTS}/${unplaced.id}`, alameda)).status).toBe(404);
    const toMarin = await api.raw(
      "POST",
      "/document-management/document-links",
      { documentId: (await file("Alameda's note", alameda)).id, subjectType: "application", subjectId: inMarin.id },
      alameda,
    );
    expect(toMarin.status).toBe(404);
    await expectStatus(
      api.post("/document-management/document-links", { documentId: unplaced.id, subjectType: "application", subjectId: inAlameda.id }),
      201,
      "link",
    );
    const placed = await expectStatus(get(`${DOCUMENTS}/${unplaced.id}`, alameda), 200, "placed document");
    expect(placed.county).toBe(ALAMEDA);
    expect((await get(`${DOCUMENTS}/${unplaced.id}`, marin)).status).toBe(404);
  });
});

describe("service calls", () => {
  it("belong to their requesting record's county", async () => {
    const submit = (headers?: Headers) =>
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_vlp", requestingResourceId: inMarin.memberId }, headers);
    const forMarin = await expectStatus(submit(), [200, 201], "Marin's call");
    expect(forMarin.county).toBe(MARIN);
    expect((await get(`/data-exchange/service-calls/${forMarin.id}`, alameda)).status).toBe(404);
    expect((await get(`/data-exchange/service-calls/${forMarin.id}`, marin)).status).toBe(200);
    const alamedaCalls = (await get("/data-exchange/service-calls?limit=100", alameda)).body.items as Json[];
    expect(alamedaCalls.filter((call) => call.county !== ALAMEDA)).toEqual([]);
    expect((await get("/data-exchange/service-calls?limit=100", statewide)).body.items.map((call: Json) => call.id)).toContain(forMarin.id);
    // Alameda may not ask an agency about Marin's member either.
    expect((await submit(alameda)).status).toBe(404);
  });
});

describe("search", () => {
  it("finds only the caller's counties' applications, cases and tasks", async () => {
    // Each household is found by its primary applicant's last name; any of the three words will do.
    const searched = async (headers: Headers, name: string) =>
      ((await get(`/platform/search?q=${name}&types=application`, headers)).body.items as Json[]).map((item) => item.id);
    expect(await searched(alameda, "Alameda")).toEqual([inAlameda.id]);
    expect(await searched(alameda, "Marin")).toEqual([]);
    expect(await searched(alameda, "Nowhere")).toEqual([]);
    expect(await searched(statewide, "Marin")).toEqual([inMarin.id]);
    // Without words, the newest records of every kind asked for: every one is Marin's.
    const newest = await get("/platform/search?types=application,task&limit=100", marin);
    expect(newest.body.total).toBe(newest.body.items.length);
    const counties = new Set(
      await Promise.all(
        (newest.body.items as Json[]).map(async (item) => (await expectStatus(api.get(new URL(item.url).pathname), 200, item.url)).county),
      ),
    );
    expect([...counties]).toEqual([MARIN]);
  });
});

describe("the event log", () => {
  it("is read one reachable record at a time by a confined caller: another county's is 404, the whole log 403", async () => {
    const mine = await get(`/platform/events?subject=${inAlameda.id}&limit=100`, alameda);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect((await get(`/platform/events?subject=${inMarin.id}`, alameda)).status).toBe(404);
    const whole = await get("/platform/events", alameda);
    expect(whole.status).toBe(403);
    expect(whole.body.details).toEqual([{ field: "subject", message: expect.any(String) }]);
    const marinEvent = (await expectStatus(api.get(`/platform/events?subject=${inMarin.id}`), 200, "Marin's events")).items[0];
    expect((await get(`/platform/events/${marinEvent.id}`, alameda)).status).toBe(404);
    expect((await get(`/platform/events/${marinEvent.id}`, marin)).status).toBe(200);
    expect((await get("/platform/events", statewide)).status).toBe(200);
  });

  it("streams over SSE only the events whose subject the caller reaches", async () => {
    const [alamedaDraft, marinDraft] = [await householdAt({ county: ALAMEDA }, "Stream"), await householdAt({ county: "Marin" }, "Stream")];
    const stream = await openStream(`${platform.url}/platform/events/stream`, alameda);
    try {
      await expectStatus(api.patch(`/intake/applications/${marinDraft.id}`, { registerToVote: true }), 200, "Marin change");
      await expectStatus(api.patch(`/intake/applications/${unknownCounty.id}`, { registerToVote: false }), 200, "state-level change");
      await expectStatus(api.patch(`/intake/applications/${alamedaDraft.id}`, { registerToVote: true }), 200, "Alameda change");
      const first = await stream.nextEvent();
      expect(first.data).toMatchObject({ type: expect.stringContaining("intake.application.updated"), subject: alamedaDraft.id });
    } finally {
      stream.close();
    }
  });
});

describe("subscriptions", () => {
  let client: Client | undefined;
  afterAll(() => client?.dispose());

  it("deliver another county's changes to no one confined elsewhere", async () => {
    const [alamedaDraft, marinDraft] = [
      await householdAt({ zip: "94501", county: "Alameda" }, "Draft"),
      await householdAt({ zip: "94901" }, "Draft"),
    ];
    client = createClient({
      url: `${platform.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      connectionParams: () => alameda,
    });
    const hub = platform.services.eventRuntime.hub;
    const before = hub.subscriberCount;
    const changes = collect(client, `subscription { applicationChanged { id subject type application { id } } }`);
    await waitFor(() => hub.subscriberCount > before || changes.error !== undefined, "the subscription to register");
    // The state-level and Marin changes commit first: had either been delivered, it would be the first.
    await expectStatus(api.patch(`/intake/applications/${unknownCounty.id}`, { registerToVote: true }), 200, "state-level change");
    await expectStatus(api.patch(`/intake/applications/${marinDraft.id}`, { registerToVote: true }), 200, "Marin change");
    await expectStatus(api.patch(`/intake/applications/${alamedaDraft.id}`, { registerToVote: true }), 200, "Alameda change");
    const first = await changes.next();
    expect(first.data.applicationChanged).toMatchObject({ subject: alamedaDraft.id, application: { id: alamedaDraft.id } });
    changes.dispose();
  });
});

describe("a household that moves", () => {
  it("takes its application, its tasks and its determination to the new county", async () => {
    const moving = await householdAt({ zip: "94501", county: "Alameda" }, "Mover");
    await signAndSubmit(api, `/intake/applications/${moving.id}`, moving.memberId);
    await platform.settle();
    // The review begins (its task claimed), so the application may be changed again.
    const worker = await workerAccount(api);
    const review = (await expectStatus(api.get(`/workflow/tasks?q=subjectId:${moving.id}`), 200, "review task")).items[0];
    await expectStatus(api.post(`/workflow/tasks/${review.id}/claim`, {}, worker.headers), 200, "claim");
    await platform.settle();
    expect((await expectStatus(get(`/workflow/tasks/${review.id}`, alameda), 200, "Alameda's task")).county).toBe(ALAMEDA);
    const member = `/intake/applications/${moving.id}/members/${moving.memberId}`;
    const address = { addressLine1: "2 Bay Rd", city: "San Rafael", state: "CA", zip: "94901" };
    await expectStatus(api.patch(member, { contact: { primaryAddress: address } }), 200, "the move");
    await platform.settle();

    expect((await get(`/intake/applications/${moving.id}`, alameda)).status).toBe(404);
    expect((await expectStatus(get(`/intake/applications/${moving.id}`, marin), 200, "Marin's now")).county).toBe(MARIN);
    expect((await get(`/workflow/tasks/${review.id}`, alameda)).status).toBe(404);
    const moved = await expectStatus(get(`/workflow/tasks/${review.id}`, marin), 200, "its task");
    expect(moved.county).toBe(MARIN);
    // It waited in Alameda's queue; Marin has none, so it goes to the state's.
    expect(moved.queueId).toBe(stateSnapQueue);
    const determination = (await get(`/eligibility/determinations?q=applicationId:${moving.id}`, marin)).body.items;
    expect(determination.map((found: Json) => found.county)).toEqual([MARIN]);
    const moves = (await expectStatus(api.get(`/platform/events?subject=${moving.id}&q=type:*county_changed&limit=10`), 200, "log")).items;
    // Its first member put it in Alameda (from state level); the move takes it, and its determination, to Marin.
    const toMarin = moves.filter((event: Json) => event.data.county === MARIN);
    expect(toMarin.map((event: Json) => [event.type, event.data.county, event.data.previousCounty])).toEqual([
      [expect.stringMatching(/intake\.application\.county_changed$/), MARIN, ALAMEDA],
      [expect.stringMatching(/eligibility\.determination\.county_changed$/), MARIN, ALAMEDA],
    ]);
  });
});
