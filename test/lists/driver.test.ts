// A persons, tasks, appointments or applications list runs through the driver when its query is plain
// column conditions, and through Prisma otherwise (`listThroughDriver`). Both must answer alike: every `q` form, sort and page below
// is run both ways against the same PostgreSQL rows and the envelopes compared whole.
import {
  findPage,
  listThroughDriver,
  pageStatements,
  type ListArgs,
  type ListSpec,
  type PageQuery,
  type Where,
  type PageFetch,
} from "@pap/kernel/list";
import { plainColumnsOf, type RowReader } from "@pap/db";
import { person as personResource } from "@pap/persons/contract";
import { application as applicationResource } from "@pap/intake/contract";
import { appointment as appointmentResource } from "@pap/scheduling/contract";
import { task as taskResource } from "@pap/workflow/contract";
import {
  appointmentQueries,
  appointmentSorts,
  applicationQueries,
  applicationSorts,
  personQueries,
  personSorts,
  seedApplications,
  seedAppointments,
  seedPersons,
  seedTasks,
  taskQueries,
  taskSorts,
} from "../support/list-fixtures";
import { created } from "../support/creators";
import { useTestPlatform } from "../support/platform";

const { api, platform } = useTestPlatform("list_driver");

beforeAll(() => seedPersons(api), 120_000);

const pages = [
  { limit: 100, offset: 0 },
  { limit: 5, offset: 0 },
  { limit: 5, offset: 7 },
  { limit: 5, offset: 400 },
];

/** A list under test: its spec, its table and model, and the Prisma delegate that reads it. */
type Delegate = { findMany(args: object): Promise<unknown[]>; count(args: object): Promise<number> };
type ListUnderTest = { spec: ListSpec; table: string; model: string; delegate: () => Delegate };

const persons: ListUnderTest = {
  spec: personResource.listSpec,
  table: "person",
  model: "Person",
  delegate: () => platform().database.prisma.person as unknown as Delegate,
};

/** The model's delegate, counting the calls that reach it. */
function counted(list: ListUnderTest, calls: { count: number }): PageFetch<Record<string, unknown>> {
  const db = list.delegate();
  return {
    items: (query) => ((calls.count += 1), db.findMany(query) as Promise<Record<string, unknown>[]>),
    total: (where) => ((calls.count += 1), db.count({ where })),
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
  listThroughDriver<Record<string, unknown>>(
    platform().database.read,
    list.table,
    plainColumnsOf(list.model),
    scope,
    counted(list, fallback),
  );

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

it(
  "answers every plain query, sort and page exactly as Prisma does, without Prisma",
  () => expectSameAnswers(persons, personQueries, personSorts),
  120_000,
);

it("leaves to Prisma a query on a path that is not a column (the JSON record), with the same answer", async () => {
  const args: ListArgs = { q: "rank:captain", sort: "name", limit: 10, offset: 0 };
  expect(
    pageStatements(
      "person",
      { where: { attributes: { path: ["rank"], string_contains: "captain" } }, orderBy: [{ id: "asc" }], skip: 0, take: 10 },
      plainColumnsOf("Person"),
    ),
  ).toBeUndefined();
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

it("finds an address inside a value too long to be cut into pieces, as Prisma does, and stores such a value at once", async () => {
  // 100,000 characters: cut into pieces, a value this long would be a hundred thousand index keys.
  const filler = "x".repeat(100_000);
  const person = await created(api, "/persons", {
    name: { firstName: "Long", lastName: "Address" },
    email: `${filler}long.address@example.org`,
  });
  const args: ListArgs = { q: "email:LONG.ADDRESS@example.org" };
  const fallback = { count: 0 };
  // As the persons list reads it: the declaration's substring index asked for the address's pieces.
  const sent: string[] = [];
  const read: RowReader = (text, params) => (sent.push(text), platform().database.read(text, params));
  const driver = await findPage(
    persons.spec,
    args,
    listThroughDriver<Record<string, unknown>>(read, persons.table, plainColumnsOf(persons.model), {}, counted(persons, fallback)),
  );
  expect(sent.join("\n")).toContain("text_piece_cover");
  expect(driver.items.map((row) => row.id)).toEqual([person.id]);
  expect(fallback.count).toBe(0);
  expect(driver).toEqual(await findPage(persons.spec, args, throughPrisma(persons)));
  expect((await api.delete(`/persons/${person.id}`)).status).toBe(204);
});

describe("tasks", () => {
  beforeAll(() => seedTasks(api), 120_000);

  const tasks: ListUnderTest = {
    spec: taskResource.listSpec,
    table: "workflow_task",
    model: "Task",
    delegate: () => platform().database.prisma.task as unknown as Delegate,
  };

  it(
    "answers every plain query, sort and page exactly as Prisma does, without Prisma",
    () => expectSameAnswers(tasks, taskQueries, taskSorts),
    120_000,
  );

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
  beforeAll(() => seedAppointments(api), 120_000);

  const appointments: ListUnderTest = {
    spec: appointmentResource.listSpec,
    table: "appointment",
    model: "Appointment",
    delegate: () => platform().database.prisma.appointment as unknown as Delegate,
  };

  it(
    "answers every plain query, sort and page exactly as Prisma does, without Prisma",
    () => expectSameAnswers(appointments, appointmentQueries, appointmentSorts),
    120_000,
  );
});

describe("applications", () => {
  beforeAll(() => seedApplications(api), 120_000);

  const applications: ListUnderTest = {
    spec: applicationResource.listSpec,
    table: "intake_application",
    model: "Application",
    delegate: () => platform().database.prisma.application as unknown as Delegate,
  };

  it(
    "answers every plain query, sort and page exactly as Prisma does, without Prisma",
    () => expectSameAnswers(applications, applicationQueries, applicationSorts),
    120_000,
  );

  it("keeps an applicant's list to their own applications on the driver's path", async () => {
    const owner = "0d0d0d0d-0000-4000-8000-000000000077";
    const scope = { ownerId: owner };
    expect(await findPage(applications.spec, { q: "" }, throughDriver(applications, { count: 0 }, scope))).toMatchObject({
      items: [],
      total: 0,
    });
    const [first] = (await api.get("/intake/applications?limit=1")).body.items;
    await platform().database.prisma.application.update({ where: { id: first.id }, data: { ownerId: owner } });
    const own = await findPage(applications.spec, { q: "" }, throughDriver(applications, { count: 0 }, scope));
    expect(own.items.map((row) => row.id)).toEqual([first.id]);
  });
});
