// Tasks in the federated graph: a task leads to what it concerns (case, appointment, application,
// document), its queue and its assignee across subgraphs, and cases, appointments and users lead back
// to their tasks — the caseworker's "this case, its open tasks and their SLA status" in one query.
import { randomUUID } from "node:crypto";
import { useTestPlatform } from "../support/platform";
import { created } from "../support/creators";
import type { Json } from "../support/expectations";

const { api } = useTestPlatform("graph_workflow_links");

async function act(taskId: string, action: string, body: unknown = {}): Promise<Json> {
  const response = await api.post(`/workflow/tasks/${taskId}/${action}`, body);
  if (response.status !== 200) throw new Error(`${action} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function graph(query: string, variables?: Record<string, unknown>) {
  const result = await api.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

const world = {} as Record<
  "person" | "case" | "appointment" | "worker" | "open" | "done" | "onAppointment" | "onApplication" | "onOther",
  Json
> & { applicationId: string };

beforeAll(async () => {
  world.person = await created(api, "/persons", { name: { firstName: "Ana", lastName: "Silva" } });
  world.case = await created(api, "/case-management/cases", {
    primaryApplicantId: world.person.id,
    members: [{ personId: world.person.id, relationship: "self" }],
  });
  world.appointment = await created(api, "/scheduling/appointments", {
    startAt: "2026-12-01T15:00:00Z",
    endAt: "2026-12-01T15:30:00Z",
    appointmentType: "Interview",
    personId: world.person.id,
  });
  world.worker = await created(api, "/identity-access/users", {
    idpSubject: `idp|${randomUUID()}`,
    email: "worker@agency.example.gov",
    role: "case_worker",
  });
  world.applicationId = randomUUID();
  const onCase = { subjectType: "case", subjectId: world.case.id };
  world.open = await created(api, "/workflow/tasks", {
    name: "Review the case",
    ...onCase,
    programType: "snap",
    slaInfo: [{ slaTypeCode: "snap_expedited" }],
  });
  world.done = await created(api, "/workflow/tasks", { name: "Old review", ...onCase });
  await act(world.done.id, "assign", { assignedToId: world.worker.id });
  await act(world.done.id, "cancel", { reason: "duplicate" });
  await act(world.open.id, "assign", { assignedToId: world.worker.id });
  world.onAppointment = await created(api, "/workflow/tasks", {
    name: "Prepare the interview",
    subjectType: "appointment",
    subjectId: world.appointment.id,
  });
  world.onApplication = await created(api, "/workflow/tasks", {
    name: "Application review",
    subjectType: "application",
    subjectId: world.applicationId,
  });
  world.onOther = await created(api, "/workflow/tasks", { name: "Call back", subjectType: "phone_call", subjectId: randomUUID() });
});

describe("a task in the graph", () => {
  it("leads to its case (fields from case management, and on to persons), its queue and its assignee's account", async () => {
    const data = await graph(
      `query ($id: ID!) { task(id: $id) {
        subject { __typename ... on Case { id status primaryApplicant { id attributes } } }
        queue { name source }
        assignedTo { id email }
      } }`,
      { id: world.open.id },
    );
    expect(data.task).toEqual({
      subject: {
        __typename: "Case",
        id: world.case.id,
        status: "active",
        primaryApplicant: { id: world.person.id, attributes: { name: { firstName: "Ana", lastName: "Silva" } } },
      },
      queue: { name: "snap-intake", source: "system" },
      assignedTo: { id: world.worker.id, email: "worker@agency.example.gov" },
    });
  });

  it("leads to an appointment from scheduling, an application by id, and to nothing for a subject type it does not know", async () => {
    const data = await graph(
      `query ($appointment: ID!, $application: ID!, $other: ID!) {
        appointment: task(id: $appointment) { subject { __typename ... on Appointment { id startAt person { id } } } }
        application: task(id: $application) { subject { __typename ... on Application { id } } }
        other: task(id: $other) { subjectType subject { __typename } }
      }`,
      { appointment: world.onAppointment.id, application: world.onApplication.id, other: world.onOther.id },
    );
    expect(data.appointment.subject).toEqual({
      __typename: "Appointment",
      id: world.appointment.id,
      startAt: "2026-12-01T15:00:00.000Z",
      person: { id: world.person.id },
    });
    expect(data.application.subject).toEqual({ __typename: "Application", id: world.applicationId });
    expect(data.other).toEqual({ subjectType: "phone_call", subject: null });
  });
});

describe("back to the tasks", () => {
  it("gives a person's cases with their open tasks and SLA status in one query", async () => {
    const data = await graph(
      `query ($id: ID!) { person(id: $id) { cases { id tasks(openOnly: true) { id name status slaDeadline slaInfo { slaTypeCode status deadline } } } } }`,
      { id: world.person.id },
    );
    const [household] = data.person.cases;
    expect(household.tasks).toEqual([
      {
        id: world.open.id,
        name: "Review the case",
        status: "pending",
        slaDeadline: world.open.slaDeadline,
        slaInfo: [{ slaTypeCode: "snap_expedited", status: "active", deadline: world.open.slaDeadline }],
      },
    ]);
  });

  it("gives a person's tasks: those on their cases and appointments, most urgent first", async () => {
    const data = await graph(`query ($id: ID!) { person(id: $id) { open: tasks(openOnly: true) { id } all: tasks { id } } }`, {
      id: world.person.id,
    });
    // Both open tasks are at routine priority 3: the older one (the case's review) comes first.
    expect(data.person.open).toEqual([{ id: world.open.id }, { id: world.onAppointment.id }]);
    expect(data.person.all.map((task: Json) => task.id).sort()).toEqual([world.open.id, world.done.id, world.onAppointment.id].sort());
  });

  it("includes closed tasks unless openOnly is asked for", async () => {
    const data = await graph(`query ($id: ID!) { case(id: $id) { all: tasks { id status } open: tasks(openOnly: true) { id } } }`, {
      id: world.case.id,
    });
    expect(data.case.all.map((task: Json) => task.id).sort()).toEqual([world.open.id, world.done.id].sort());
    expect(data.case.open).toEqual([{ id: world.open.id }]);
  });

  it("gives an appointment's tasks, and a user's open assigned tasks", async () => {
    const data = await graph(
      `query ($appointment: ID!, $user: ID!) { appointment(id: $appointment) { tasks { id } } user(id: $user) { assignedTasks { id status } } }`,
      { appointment: world.appointment.id, user: world.worker.id },
    );
    expect(data.appointment.tasks).toEqual([{ id: world.onAppointment.id }]);
    // The cancelled task is assigned to the same user, but it is not open.
    expect(data.user.assignedTasks).toEqual([{ id: world.open.id, status: "pending" }]);
  });
});
