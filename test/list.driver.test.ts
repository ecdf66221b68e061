// A persons, tasks, appointments or applications list runs through the driver when its query is plain column conditions, and through
// Prisma otherwise (`listThroughDriver`). Both must answer alike: every `q` form, sort and page below
// is run both ways against the same PostgreSQL rows and the envelopes compared whole.
import { plainColumnsOf, type Application, type Appointment, type Person, type Task } from "@pap/db";
import { findPage, listThroughDriver, pageStatements, type ListArgs, type PageQuery, type Where } from "@pap/kernel";
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

function prismaCalls(calls: { count: number }) {
  const db = platform().database.prisma;
  return {
    items: (query: PageQuery) => ((calls.count += 1), db.person.findMany({ ...query, where: query.where as never })) as Promise<Person[]>,
    total: (where: Where) => ((calls.count += 1), db.person.count({ where: where as never })),
  };
}

it("answers every plain query, sort and page exactly as Prisma does, without Prisma", async () => {
  const columns = plainColumnsOf("Person");
  for (const q of queries) {
    for (const sort of sorts) {
      for (const page of pages) {
        const args: ListArgs = { q, ...(sort && { sort }), ...page };
        const fallback = { count: 0 };
        const driver = await findPage(personResource.listSpec, args, listThroughDriver(platform().database.read, "person", columns, {}, prismaCalls(fallback)));
        const prisma = await findPage(personResource.listSpec, args, prismaCalls({ count: 0 }));
        expect({ args, result: driver }).toEqual({ args, result: prisma });
        expect({ args, fallback: fallback.count }).toEqual({ args, fallback: 0 });
      }
    }
  }
}, 120_000);

it("leaves to Prisma a query on a path that is not a column (the JSON record), with the same answer", async () => {
  const columns = plainColumnsOf("Person");
  const args: ListArgs = { q: "rank:captain", sort: "name", limit: 10, offset: 0 };
  expect(pageStatements("person", { where: { attributes: { path: ["rank"], string_contains: "captain" } }, orderBy: [{ id: "asc" }], skip: 0, take: 10 }, columns)).toBeUndefined();
  const fallback = { count: 0 };
  const driver = await findPage(personResource.listSpec, args, listThroughDriver(platform().database.read, "person", columns, {}, prismaCalls(fallback)));
  expect(fallback.count).toBeGreaterThan(0);
  expect(driver.total).toBe(20);
  expect(driver).toEqual(await findPage(personResource.listSpec, args, prismaCalls({ count: 0 })));
});

it("applies the caller's scope on the driver's path too", async () => {
  const columns = plainColumnsOf("Person");
  const [one] = (await api.get("/persons?limit=1")).body.items;
  const scoped = await findPage(personResource.listSpec, { q: "" }, listThroughDriver(platform().database.read, "person", columns, { id: one.id }, prismaCalls({ count: 0 })));
  expect(scoped.items.map((row) => row.id)).toEqual([one.id]);
  const nothing = await findPage(personResource.listSpec, { q: "" }, listThroughDriver(platform().database.read, "person", columns, { id: { in: [] } }, prismaCalls({ count: 0 })));
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

  function taskPrisma(calls: { count: number }) {
    const db = platform().database.prisma;
    return {
      items: (query: PageQuery) => ((calls.count += 1), db.task.findMany({ ...query, where: query.where as never })) as Promise<Task[]>,
      total: (where: Where) => ((calls.count += 1), db.task.count({ where: where as never })),
    };
  }

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", async () => {
    const columns = plainColumnsOf("Task");
    for (const q of taskQueries) {
      for (const sort of taskSorts) {
        for (const page of pages) {
          const args: ListArgs = { q, ...(sort && { sort }), ...page };
          const fallback = { count: 0 };
          const driver = await findPage(taskResource.listSpec, args, listThroughDriver(platform().database.read, "workflow_task", columns, {}, taskPrisma(fallback)));
          const prisma = await findPage(taskResource.listSpec, args, taskPrisma({ count: 0 }));
          expect({ args, result: driver }).toEqual({ args, result: prisma });
          expect({ args, fallback: fallback.count }).toEqual({ args, fallback: 0 });
        }
      }
    }
  }, 120_000);

  it("leaves the SLA status tags to Prisma, with the same answer", async () => {
    const args: ListArgs = { q: "slaInfo.status:active", limit: 100 };
    const fallback = { count: 0 };
    const driver = await findPage(taskResource.listSpec, args, listThroughDriver(platform().database.read, "workflow_task", plainColumnsOf("Task"), {}, taskPrisma(fallback)));
    expect(fallback.count).toBeGreaterThan(0);
    expect(driver.total).toBe(8);
    expect(driver).toEqual(await findPage(taskResource.listSpec, args, taskPrisma({ count: 0 })));
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

  function appointmentPrisma(calls: { count: number }) {
    const db = platform().database.prisma;
    return {
      items: (query: PageQuery) => ((calls.count += 1), db.appointment.findMany({ ...query, where: query.where as never })) as Promise<Appointment[]>,
      total: (where: Where) => ((calls.count += 1), db.appointment.count({ where: where as never })),
    };
  }

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", async () => {
    const columns = plainColumnsOf("Appointment");
    for (const q of appointmentQueries) {
      for (const sort of appointmentSorts) {
        for (const page of pages) {
          const args: ListArgs = { q, ...(sort && { sort }), ...page };
          const fallback = { count: 0 };
          const driver = await findPage(appointmentResource.listSpec, args, listThroughDriver(platform().database.read, "appointment", columns, {}, appointmentPrisma(fallback)));
          const prisma = await findPage(appointmentResource.listSpec, args, appointmentPrisma({ count: 0 }));
          expect({ args, result: driver }).toEqual({ args, result: prisma });
          expect({ args, fallback: fallback.count }).toEqual({ args, fallback: 0 });
        }
      }
    }
  }, 120_000);
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

  function applicationPrisma(calls: { count: number }, scope: Where = {}) {
    const db = platform().database.prisma;
    return {
      items: (query: PageQuery) => ((calls.count += 1), db.application.findMany({ ...query, where: { AND: [query.where, scope] } as never })) as Promise<Application[]>,
      total: (where: Where) => ((calls.count += 1), db.application.count({ where: { AND: [where, scope] } as never })),
    };
  }

  it("answers every plain query, sort and page exactly as Prisma does, without Prisma", async () => {
    const columns = plainColumnsOf("Application");
    for (const q of applicationQueries) {
      for (const sort of applicationSorts) {
        for (const page of pages) {
          const args: ListArgs = { q, ...(sort && { sort }), ...page };
          const fallback = { count: 0 };
          const driver = await findPage(applicationResource.listSpec, args, listThroughDriver(platform().database.read, "intake_application", columns, {}, applicationPrisma(fallback)));
          const prisma = await findPage(applicationResource.listSpec, args, applicationPrisma({ count: 0 }));
          expect({ args, result: driver }).toEqual({ args, result: prisma });
          expect({ args, fallback: fallback.count }).toEqual({ args, fallback: 0 });
        }
      }
    }
  }, 120_000);

  it("keeps an applicant's list to their own applications on the driver's path", async () => {
    const owner = "0d0d0d0d-0000-4000-8000-000000000077";
    const scope = { ownerId: owner };
    const columns = plainColumnsOf("Application");
    const none = await findPage(applicationResource.listSpec, { q: "" }, listThroughDriver(platform().database.read, "intake_application", columns, scope, applicationPrisma({ count: 0 }, scope)));
    expect(none).toMatchObject({ items: [], total: 0 });
    const [first] = (await api.get("/intake/applications?limit=1")).body.items;
    await platform().database.prisma.application.update({ where: { id: first.id }, data: { ownerId: owner } });
    const own = await findPage(applicationResource.listSpec, { q: "" }, listThroughDriver(platform().database.read, "intake_application", columns, scope, applicationPrisma({ count: 0 }, scope)));
    expect(own.items.map((row) => row.id)).toEqual([first.id]);
  });
});
