import { readFileSync } from "node:fs";
import path from "node:path";
import { actionTable, availableActions, mermaidDiagram, planTransition } from "@pap/kernel/state-machine";
import type { Appointment } from "@pap/db";
import { appointmentMachine, type AppointmentEnv } from "./appointment-machine";

const now = new Date("2026-12-01T09:00:00.000Z");
const worker = { id: "6f1c2a8e-0d5b-4c1e-9a77-3b2d4e5f6a70", roles: ["case_worker"] as const };
const applicant = { id: "6f1c2a8e-0d5b-4c1e-9a77-3b2d4e5f6a71", roles: ["applicant"] as const };
const env: AppointmentEnv = {
  applicationId: "a1a1a1a1-0000-4000-8000-000000000001",
  replacementId: "b2b2b2b2-0000-4000-8000-000000000002",
};

const appointment = (overrides: Partial<Appointment> = {}): Appointment =>
  ({
    id: "9b2f0c3e-1111-4a2b-8c3d-000000000001",
    startAt: new Date("2026-12-03T15:00:00.000Z"),
    endAt: new Date("2026-12-03T15:30:00.000Z"),
    appointmentType: "SNAP interview",
    status: "scheduled",
    personId: "c3c3c3c3-0000-4000-8000-000000000003",
    assignedToId: worker.id,
    notes: null,
    subjectType: "interview",
    subjectId: "d4d4d4d4-0000-4000-8000-000000000004",
    county: null,
    rescheduledFromId: null,
    rescheduledToId: null,
    ...overrides,
  }) as Appointment;

const facts = {
  appointmentId: "9b2f0c3e-1111-4a2b-8c3d-000000000001",
  personId: "c3c3c3c3-0000-4000-8000-000000000003",
  startAt: "2026-12-03T15:00:00.000Z",
  subjectType: "interview",
  subjectId: "d4d4d4d4-0000-4000-8000-000000000004",
  applicationId: env.applicationId,
};

describe("the appointment machine", () => {
  it.each([
    ["hold", "completed", "appointment.held"],
    ["no-show", "no_show", "appointment.no_show"],
    ["cancel", "canceled", "appointment.canceled"],
  ])("%s moves a scheduled appointment to %s and says so with who, when and what for", async (action, to, event) => {
    const plan = await planTransition(appointmentMachine, action, appointment(), worker, {}, env, now);
    expect(plan).toMatchObject({ to, changes: { status: to } });
    expect(plan.emissions).toEqual([{ name: event, data: expect.objectContaining(facts) }]);
  });

  it("leaves the application out of the events of an appointment that is for no interview", async () => {
    const plan = await planTransition(
      appointmentMachine,
      "hold",
      appointment({ subjectType: null, subjectId: null }),
      worker,
      {},
      {
        ...env,
        applicationId: null,
      },
      now,
    );
    expect(plan.emissions[0]!.data).not.toHaveProperty("applicationId");
  });

  it("reschedules a scheduled or missed appointment: it ends canceled, naming its replacement, and the event gives both slots", async () => {
    const slot = { startAt: "2026-12-08T15:00:00Z", endAt: "2026-12-08T15:30:00Z" };
    for (const status of ["scheduled", "no_show"] as const) {
      const plan = await planTransition(appointmentMachine, "reschedule", appointment({ status }), worker, slot, env, now);
      expect(plan.changes).toEqual({ status: "canceled", rescheduledToId: env.replacementId });
      expect(plan.emissions).toEqual([
        {
          name: "appointment.rescheduled",
          data: expect.objectContaining({
            ...facts,
            rescheduledToId: env.replacementId,
            newStartAt: "2026-12-08T15:00:00.000Z",
            newEndAt: "2026-12-08T15:30:00.000Z",
          }),
        },
      ]);
    }
  });

  it("refuses a reschedule without a valid new slot (422 naming the field)", async () => {
    await expect(planTransition(appointmentMachine, "reschedule", appointment(), worker, {}, env, now)).rejects.toMatchObject({
      status: 422,
      details: expect.arrayContaining([expect.objectContaining({ field: "startAt" }), expect.objectContaining({ field: "endAt" })]),
    });
    await expect(
      planTransition(
        appointmentMachine,
        "reschedule",
        appointment(),
        worker,
        { startAt: "2026-12-08T15:00:00Z", endAt: "2026-12-08T14:00:00Z" },
        env,
        now,
      ),
    ).rejects.toMatchObject({ status: 422, details: [{ field: "endAt", message: "must be after startAt" }] });
  });

  it("refuses to move an appointment that has ended (409 naming the state), and a role it does not name (403)", async () => {
    for (const status of ["completed", "canceled", "no_show"] as const) {
      await expect(planTransition(appointmentMachine, "hold", appointment({ status }), worker, {}, env, now)).rejects.toMatchObject({
        status: 409,
        message: `Cannot hold: the appointment is ${status}.`,
      });
    }
    await expect(
      planTransition(appointmentMachine, "reschedule", appointment({ status: "canceled" }), worker, {}, env, now),
    ).rejects.toMatchObject({ status: 409 });
    await expect(planTransition(appointmentMachine, "cancel", appointment(), applicant, {}, env, now)).rejects.toMatchObject({
      status: 403,
    });
  });

  it("offers every action on a scheduled appointment and only a reschedule on a missed one", () => {
    expect(availableActions(appointmentMachine, appointment(), worker).sort()).toEqual(["cancel", "hold", "no-show", "reschedule"]);
    expect(availableActions(appointmentMachine, appointment({ status: "no_show" }), worker)).toEqual(["reschedule"]);
    expect(availableActions(appointmentMachine, appointment({ status: "completed" }), worker)).toEqual([]);
  });

  it("is drawn in the scheduling page as the table says", () => {
    const page = readFileSync(path.join(__dirname, "../../../../docs/domains/scheduling.md"), "utf8");
    const section = page.split("<!-- appointment-machine:start -->\n")[1]?.split("\n<!-- appointment-machine:end -->")[0];
    const generated = `\`\`\`mermaid\n${mermaidDiagram(appointmentMachine)}\n\`\`\`\n\n${actionTable(appointmentMachine)}`;
    // On failure, paste the generated text between the page's appointment-machine markers.
    expect(section).toBe(generated);
  });
});
