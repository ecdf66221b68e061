import { created } from "./creators"; // Rows for the list tests, written through the REST API, and the query forms each list is asked:
// awkward text (quotes, LIKE's own `%` and `_`, accents, NULLs), every kind of field, and every form
// of the query language. `lists/driver.test.ts` runs them through the driver and through Prisma,
// `lists/engines.test.ts` on PostgreSQL and on the embedded engine.

type Api = { post(path: string, body?: unknown): Promise<{ status: number; body?: any }> };

const cities = ["Springfield", "Fresno", "springfield", "Spring Valley", null];
const lastNames = ["Smith", "Smithson", "Jackson", "O'Neil", "de la Cruz", "a_b", "50% Off", null];
const firstNames = ["Ana", "Anabel", "Bo", "Álvaro", null];

/** Forty persons: every city with every last name, some without either, a third with an email. */
export async function seedPersons(api: Api): Promise<void> {
  let index = 0;
  for (const city of cities) {
    for (const lastName of lastNames) {
      const firstName = firstNames[index % firstNames.length];
      await created(api, "/persons", {
        name: { ...(firstName && { firstName }), ...(lastName && { lastName }) },
        ...(city && { address: { city, postalCode: String(10000 + index) } }),
        ...(index % 3 === 0 && { email: `person${index}@example.org` }),
        rank: index % 2 ? "captain" : "mate",
      });
      index++;
    }
  }
}

export const personQueries = [
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
  // Long enough for the e-mail's substring index: whole, in another case, as an ending, and with a
  // `_` that must stay a character (as a wildcard it would find person21).
  "email:person12@example.org",
  "email:PERSON3@Example.ORG",
  "email:*@example.org",
  "email:son12@example*",
  "email:on_1@example.org",
  "-email:person12@example.org",
  "ana",
  "-ana",
  "álvaro",
  "address.city:Springfield name.lastName:smith",
  "createdAt:>2020-01-01",
  "updatedAt:<2020-01-01",
  "address.postalCode:1000*",
];
export const personSorts = [undefined, "-updatedAt", "name", "-name", "createdAt"];

/** Twenty-four tasks across priorities, programs, task types and SLA clocks. */
export async function seedTasks(api: Api): Promise<void> {
  const programs = ["snap", "medicaid", null];
  for (let index = 0; index < 24; index++) {
    await created(api, "/workflow/tasks", {
      name: index % 4 === 0 ? `Review 100% of file_${index}` : `Call household ${index}`,
      ...(index % 3 === 0 && { description: "Waiting on pay stubs" }),
      priority: (index % 4) + 1,
      isExpedited: index % 5 === 0,
      ...(programs[index % 3] && { programType: programs[index % 3] }),
      ...(index % 2 === 0 && { taskType: "application_review" }),
      slaInfo: index % 3 === 0 ? [{ slaTypeCode: "snap_standard" }] : [],
    });
  }
}

export const taskQueries = [
  "",
  "status:pending",
  "priority:>2",
  "priority:1,4",
  "isExpedited:true",
  "-isExpedited:true",
  "programType:snap",
  "-programType:snap",
  "taskType:*",
  "-description:*",
  "100%",
  "file_*",
  "review",
  "slaDeadline:>2020-01-01",
  "-name:call",
];
export const taskSorts = [undefined, "-priority", "slaDeadline", "-slaDeadline", "status", "-createdAt"];

/** Twenty appointments of one person, in every status, over the year. */
export async function seedAppointments(api: Api): Promise<void> {
  const person = await created(api, "/persons", { name: { firstName: "Booked", lastName: "Person" } });
  const statuses = ["scheduled", "completed", "canceled", "no_show"];
  for (let index = 0; index < 20; index++) {
    const start = new Date(Date.UTC(2026, index % 12, 1 + index, 9 + (index % 8)));
    await created(api, "/scheduling/appointments", {
      personId: person.id,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
      appointmentType: index % 3 ? "Eligibility interview" : "Document drop-off",
      status: statuses[index % 4],
      ...(index % 2 === 0 && { notes: `Bring pay stubs (${index})` }),
    });
  }
}

export const appointmentQueries = [
  "",
  "status:scheduled",
  "status:scheduled startAt:>2026-06-01",
  "startAt:2026-03-03",
  "startAt:<=2026-05-01T00:00:00Z",
  "appointmentType:interview",
  "-notes:*",
  "stubs",
  "-status:canceled,no_show",
];
export const appointmentSorts = [undefined, "-startAt", "startAt", "appointmentType", "-status"];

/** Fifteen draft applications, each with a primary applicant, some unnamed. */
export async function seedApplications(api: Api): Promise<void> {
  const names = [
    ["Rosa", "Walker"],
    ["Ana", "López"],
    ["Bo", "Walker-Smith"],
    [null, "Ng"],
    ["Kim", null],
  ];
  const channels = ["online", "in_person", "phone", null];
  for (let index = 0; index < 15; index++) {
    const [firstName, lastName] = names[index % names.length]!;
    const application = await created(api, "/intake/applications", {
      programs: index % 2 ? ["snap"] : ["medicaid", "chip"],
      ...(channels[index % 4] && { channel: channels[index % 4] }),
    });
    await created(api, `/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      // A name is whole or absent: a member without one leaves the application's applicant name empty.
      ...(firstName && lastName && { contact: { name: { firstName, lastName } } }),
    });
  }
}

export const applicationQueries = [
  "",
  "status:draft",
  "-status:submitted",
  "channel:online,phone",
  "-channel:*",
  "walker",
  "primaryApplicant.name.lastName:walker*",
  "-primaryApplicant.name.firstName:*",
  "lópez",
  "createdAt:>2020-01-01",
];
export const applicationSorts = [undefined, "primaryApplicant.name.lastName", "-primaryApplicant.name.firstName", "-createdAt", "status"];
