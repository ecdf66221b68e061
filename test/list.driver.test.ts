// A persons, tasks, appointments or applications list runs through the driver when its query is plain
// column conditions, and through Prisma otherwise (`listThroughDriver`). Both must answer alike: every `q` form, sort and page below
// is run both ways against the same PostgreSQL rows and the envelopes compared whole.
import { plainColumnsOf } from "@pap/db";
import { findPage, listThroughDriver, pageStatements, type ListArgs, type ListSpec, type PageQuery, type Where } from "@pap/kernel";
import { person as personResource } from "@pap/persons/contract";
import { application as applicationResource } from "@pap/intake/contract";
import { appointment as appointmentResource } from "@pap/scheduling/contract";
import { task as taskResource } from "@pap/workflow/contract";
import { useTestPlatform } from "./support/platform";

const { api, platform } = useTestPlatform("list_driver");

const cities = ["Springfield", "Fresno", "springfield", "Spring Valley", null];
const lastNames = ["Smith", "Smithson", "Jackson", "O'Neil", "de la Cruz", "a_b", "50% Off", null];
const firstNames = ["Ana", "Anabel", "Bo", "Álvaro", null];

beforeAll(async () => {
  let index = 0;
  for (const city of cities) {
    for (const lastName of lastNames) {
      const firstName = firstNames[index % firstNames.length];
      const attributes = {
        name: { ...(firstName && { firstName }), ...(lastName && { lastName }) },
        ...(city && { address: { city, postalCode: String(10000 + index) } }),
        ...(index % 3 === 0 && { email: `person${index}@example.org` }),
        rank: index % 2 ? "captain" : "mate",
      };
      const created = await api.post("/persons", attributes);
      if (created.status !== 201) throw new Error(`seeding: ${created.status} ${JSON.stringify(created.body)}`);
      index++;
    }
  }
}, 120_000);

const queries = [
  "",
  "address.city:Springfield",
  "address.city:spring*",
  "address.city:*field",
  "-address.city:Springfield",
  "address.city:Fresno,Valley",
  "name.lastName:smith*",
  "name.lastName:a_b",
  "name.lastName:50%",
  "name.lastName:o'neil",
  "email:*",
  "-email:*",
  "ana",
  "-ana",
  "álvaro",
  "address.city:Springfield name.lastName:smith",
  "createdAt:>2020-01-01",
  "updatedAt:<2020-01-01",
  "address.postalCode:1000*",
];
const sorts = [undefined, "-updatedAt", "name", "-name", "createdAt"];
const pages = [
  { limit: 100, offset: 0 },
  { limit: 5, offset: 0 },
  { limit: 5, offset: 7 },
  { limit: 5, offset: 400 },
];

/** A list under test: its spec, its table and model, and the Prisma delegate that reads it. */
type Delegate = { findMany(args: object): Promise<unknown[]>; count(args: object): Promise<number> };
type ListUnderTest = { spec: ListSpec; table: string; model: string; delegate: () => Delegate };

const persons: ListUnderTest = { spec: personResource.listSpec, table: "person", model: "Person", delegate: () => platform().database.prisma.person as unknown as Delegate };

/** The model's delegate, counting the calls that reach it. */
function counted(list: ListUnderTest, calls: { count: number }): Delegate {
  const db = list.delegate();
  return {
    findMany: (args) => ((calls.count += 1), db.findMany(args)),
    count: (args) => ((calls.count += 1), db.count(args)),
  };
}

/** The list through Prisma alone. */
function throughPrisma(list: ListUnderTest, scope: Where = {}) {
  const db = list.delegate();
  return {
    items: (query: PageQuery) => db.findMany({ ...query, where: { AND: [query.where, scope] } }) as Promise<Record<string, unknown>[]>,
    total: (where: Where) => db.count({ where: { AND: [where, scope] } }),
  };
}

/** The list as the platform runs it: through the driver where it can, through the (counted) delegate where it cannot. */
const throughDriver = (list: ListUnderTest, fallback: { count: number }, scope: Where = {}) =>
  listThroughDriver<Record<string, unknown>>(platform().database.read, list.table, plainColumnsOf(list.model), scope, counted(list, fallback));

/** Every query, sort and page answered identically both ways, none of them by Prisma on the driver's side. */
async function expectSameAnswers(list: ListUnderTest, queries: readonly string[], sorts: readonly (string | undefined)[]) {
  for (const q of queries) {
    for (const sort of sorts) {
      for (const page of pages) {
        const args: ListArgs = { q, ...(sort && { sort }), ...page };
        const fallback = { count: 0 };
        const driver = await findPage(list.spec, args, throughDriver(list, fallback));
        const prisma = await findPage(list.spec, args, throughPrisma(list));
        expect({ args, result: driver }).toEqual({ args, result: prisma });
        expect({ args, fallback: fallback.count }).toEqual({ args, fallback: 0 });
      }
    }
  }
}

it("answers every plain query, sort and page exactly as Prisma does, without Prisma", () => expectSameAnswers(persons, queries, sorts), 120_000);

it("leaves to Prisma a query on a path that is not a column (the JSON record), with the same answer", async () => {
  const args: ListArgs = { q: "rank:captain", sort: "name", limit: 10, offset: 0 };
  expect(pageStatements("person", { where: { attributes: { path: ["rank"], string_contains: "captain" } }, orderBy: [{ id: "asc" }], skip: 0, take: 10 }, plainColumnsOf("Person"))).toBeUndefined();
  const fallback = { count: 0 };
  const driver = await findPage(persons.spec, args, throughDriver(persons, fallback));
  expect(fallback.count).toBeGreaterThan(0);
  expect(driver.total).toBe(20);
  expect(driver).toEqual(await findPage(persons.spec, args, throughPrisma(persons)));
});

it("applies the caller's scope on the driver's path too", async () => {
  const [one] = (await api.get("/persons?limit=1")).body.items;
  const scoped = await findPage(persons.spec, { q: "" }, throughDriver(persons, { count: 0 }, { id: one.id }));
  expect(scoped.items.map((row) => row.id)).toEqual([one.id]);
  const nothing = await findPage(persons.spec, { q: "" }, throughDriver(persons, { count: 0 }, { id: { in: [] } }));
  expect(nothing).toMatchObject({ items: [], total: 0 });
});

describe("tasks", () => {
  beforeAll(async () => {
    const programs = ["snap", "medicaid", null];
    for (let index = 0; index < 24; index++) {
      const body = {
        name: index % 4 === 0 ? `Review 100% of file_${index}` : `Call household ${index}`,
        ...(index % 3 === 0 && { description: "Waiting on pay stubs" }),
        priority: (index % 4) + 1,
        isExpedited: index % 5 === 0,
        ...(programs[index % 3] && { programType: programs[index % 3] }),
        ...(index % 2 === 0 && { taskType: "application_review" }),
        slaInfo: index % 3 === 0 ? [{ slaTypeCode: "snap_standard" }] : [],
      };
      const created = await api.post("/workflow/tasks", body);
      if (created.status !== 201) throw new Error(`seeding: ${created.status} ${JSON.stringify(created.body)}`);
    }
  }, 120_000);

  const taskQueries = ["", "status:pending", "priority:>2", "priority:1,4", "isExpedited:true", "-isExpedited:true", "programType:snap", "-programType:snap", "taskType:*", "-description:*", "100%", "file_*", "review", "slaDeadline:>2020-01-01", "-name:call"];
  const taskSorts = [undefined, "-priority", "slaDeadline", "-slaDeadline", "status", "-createdAt"];

  const tasks: ListUnderTest = { spec: taskResource.listSpec, table: "workflow_task", model: "Task", delegate: () => platform().database.prisma.task as unknown as Delegate };

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", () => expectSameAnswers(tasks, taskQueries, taskSorts), 120_000);

  it("leaves the SLA status tags to Prisma, with the same answer", async () => {
    const args: ListArgs = { q: "slaInfo.status:active", limit: 100 };
    const fallback = { count: 0 };
    const driver = await findPage(tasks.spec, args, throughDriver(tasks, fallback));
    expect(fallback.count).toBeGreaterThan(0);
    expect(driver.total).toBe(8);
    expect(driver).toEqual(await findPage(tasks.spec, args, throughPrisma(tasks)));
  });

});

describe("appointments", () => {
  beforeAll(async () => {
    const person = (await api.post("/persons", { name: { firstName: "Booked", lastName: "Person" } })).body;
    const statuses = ["scheduled", "completed", "canceled", "no_show"];
    for (let index = 0; index < 20; index++) {
      const start = new Date(Date.UTC(2026, index % 12, 1 + index, 9 + (index % 8)));
      const body = {
        personId: person.id,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
        appointmentType: index % 3 ? "Eligibility interview" : "Document drop-off",
        status: statuses[index % 4],
        ...(index % 2 === 0 && { notes: `Bring pay stubs (${index})` }),
      };
      const created = await api.post("/scheduling/appointments", body);
      if (created.status !== 201) throw new Error(`seeding: ${created.status} ${JSON.stringify(created.body)}`);
    }
  }, 120_000);

  const appointmentQueries = ["", "status:scheduled", "status:scheduled startAt:>2026-06-01", "startAt:2026-03-03", "startAt:<=2026-05-01T00:00:00Z", "appointmentType:interview", "-notes:*", "stubs", "-status:canceled,no_show"];
  const appointmentSorts = [undefined, "-startAt", "startAt", "appointmentType", "-status"];

  const appointments: ListUnderTest = { spec: appointmentResource.listSpec, table: "appointment", model: "Appointment", delegate: () => platform().database.prisma.appointment as unknown as Delegate };

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", () => expectSameAnswers(appointments, appointmentQueries, appointmentSorts), 120_000);
});

describe("applications", () => {
  const names = [["Rosa", "Walker"], ["Ana", "López"], ["Bo", "Walker-Smith"], [null, "Ng"], ["Kim", null]];
  beforeAll(async () => {
    const channels = ["online", "in_person", "phone", null];
    for (let index = 0; index < 15; index++) {
      const [firstName, lastName] = names[index % names.length]!;
      const created = await api.post("/intake/applications", { programs: index % 2 ? ["snap"] : ["medicaid", "chip"], ...(channels[index % 4] && { channel: channels[index % 4] }) });
      if (created.status !== 201) throw new Error(`seeding: ${created.status} ${JSON.stringify(created.body)}`);
      const member = await api.post(`/intake/applications/${created.body.id}/members`, {
        roles: ["primary_applicant"],
        // A name is whole or absent: a member without one leaves the application's applicant name empty.
        ...(firstName && lastName && { contact: { name: { firstName, lastName } } }),
      });
      if (member.status !== 201) throw new Error(`seeding a member: ${member.status} ${JSON.stringify(member.body)}`);
    }
  }, 120_000);

  const applicationQueries = ["", "status:draft", "-status:submitted", "channel:online,phone", "-channel:*", "walker", "primaryApplicant.name.lastName:walker*", "-primaryApplicant.name.firstName:*", "lópez", "createdAt:>2020-01-01"];
  const applicationSorts = [undefined, "primaryApplicant.name.lastName", "-primaryApplicant.name.firstName", "-createdAt", "status"];

  const applications: ListUnderTest = { spec: applicationResource.listSpec, table: "intake_application", model: "Application", delegate: () => platform().database.prisma.application as unknown as Delegate };

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", () => expectSameAnswers(applications, applicationQueries, applicationSorts), 120_000);

  it("keeps an applicant's list to their own applications on the driver's path", async () => {
    const owner = "0d0d0d0d-0000-4000-8000-000000000077";
    const scope = { ownerId: owner };
    expect(await findPage(applications.spec, { q: "" }, throughDriver(applications, { count: 0 }, scope))).toMatchObject({ items: [], total: 0 });
    const [first] = (await api.get("/intake/applications?limit=1")).body.items;
    await platform().database.prisma.application.update({ where: { id: first.id }, data: { ownerId: owner } });
    const own = await findPage(applications.spec, { q: "" }, throughDriver(applications, { count: 0 }, scope));
    expect(own.items.map((row) => row.id)).toEqual([first.id]);
  });

});
