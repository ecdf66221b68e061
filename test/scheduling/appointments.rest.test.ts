// /scheduling/appointments over real HTTP against PostgreSQL (SPEC §2.9, §4.5, §7; resources.md §1, §9).
import { randomUUID } from "node:crypto";
import { useTestPlatform } from "../support/platform";
import { detailFields, expectErrorEnvelope, expectValidationError, ISO_DATE_TIME, MISSING_ID, UUID_PATTERN } from "../support/expectations";
import { untilClockPasses } from "../support/waiting";
import { created } from "../support/creators";

const { api, url } = useTestPlatform("appointments_rest");

const person = randomUUID();
const caseworker = randomUUID();

const interview = {
  startAt: "2026-05-04T14:00:00.000Z",
  endAt: "2026-05-04T14:45:00.000Z",
  appointmentType: "Eligibility interview",
  status: "scheduled",
  personId: person,
  assignedToId: caseworker,
  notes: "Bring pay stubs for the last 30 days.",
  subjectType: "interview" as string | null,
  subjectId: "5b2f8c1e-3a4d-4e6f-9a0b-1c2d3e4f5a6b" as string | null,
};

type Appointment = typeof interview & {
  id: string;
  createdAt: string;
  updatedAt: string;
  assignedToId: string | null;
  notes: string | null;
};

const createAppointment = async (body: Record<string, unknown> = interview): Promise<Appointment> =>
  (await created(api, "/scheduling/appointments", body)) as Appointment;

describe("POST /scheduling/appointments", () => {
  it("creates an appointment: 201 with every field, server-set id/createdAt/updatedAt, and a Location header", async () => {
    const response = await api.post("/scheduling/appointments", interview);
    expect(response.status).toBe(201);
    const { id, createdAt, updatedAt, ...rest } = response.body;
    // Its county is state level: the suite's administrator is confined to none, and the interview it names is no record here.
    expect(rest).toEqual({ ...interview, county: null, rescheduledFromId: null, rescheduledToId: null });
    expect(id).toMatch(UUID_PATTERN);
    expect(createdAt).toMatch(ISO_DATE_TIME);
    expect(updatedAt).toBe(createdAt);
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}/scheduling/appointments/${id}`);
  });

  it("defaults status to scheduled and assignedToId, notes and the subject to null", async () => {
    const { status: _status, assignedToId: _assignee, notes: _notes, subjectType: _for, subjectId: _forId, ...required } = interview;
    const created = await createAppointment(required);
    expect(created).toEqual(
      expect.objectContaining({ ...required, status: "scheduled", assignedToId: null, notes: null, subjectType: null, subjectId: null }),
    );
  });

  it("stores instants given with an offset and returns them in UTC", async () => {
    const created = await createAppointment({ ...interview, startAt: "2026-05-04T10:00:00-04:00", endAt: "2026-05-04T10:30:00-04:00" });
    expect(created.startAt).toBe("2026-05-04T14:00:00.000Z");
    expect(created.endAt).toBe("2026-05-04T14:30:00.000Z");
  });

  it("ignores read-only fields sent in the body", async () => {
    const created = await createAppointment({
      ...interview,
      id: MISSING_ID,
      createdAt: "2000-01-01T00:00:00.000Z",
      updatedAt: "2000-01-01T00:00:00.000Z",
    });
    expect(created.id).not.toBe(MISSING_ID);
    expect(created.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
  });

  describe("422 VALIDATION_ERROR naming the field, and nothing created", () => {
    const { appointmentType: _type, ...withoutType } = interview;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["endAt before startAt", { ...interview, endAt: "2026-05-04T13:59:00.000Z" }, "endAt"],
      ["endAt equal to startAt", { ...interview, endAt: interview.startAt }, "endAt"],
      ["a status outside the enum", { ...interview, status: "missed" }, "status"],
      ["a personId that is not a uuid", { ...interview, personId: "person-1" }, "personId"],
      ["an assignedToId that is not a uuid", { ...interview, assignedToId: "worker-1" }, "assignedToId"],
      ["a missing appointmentType", withoutType, "appointmentType"],
      ["an empty appointmentType", { ...interview, appointmentType: "" }, "appointmentType"],
      ["an appointmentType over 100 characters", { ...interview, appointmentType: "x".repeat(101) }, "appointmentType"],
      ["notes over 2000 characters", { ...interview, notes: "x".repeat(2001) }, "notes"],
      ["a subjectType that is not a lower-case name", { ...interview, subjectType: "Interview!" }, "subjectType"],
      ["a subjectId that is not a uuid", { ...interview, subjectId: "interview-1" }, "subjectId"],
      ["an unknown field", { ...interview, location: "Room 4" }, "location"],
      ["an appointmentType of the wrong type", { ...interview, appointmentType: 42 }, "appointmentType"],
      ["a date without a time", { ...interview, startAt: "2026-05-04" }, "startAt"],
      ["a date-time without a time zone", { ...interview, startAt: "2026-05-04T14:00:00" }, "startAt"],
      ["a startAt that is not a date at all", { ...interview, startAt: "next tuesday" }, "startAt"],
    ];

    it.each(cases)("rejects %s", async (_label, body, field) => {
      const owner = randomUUID();
      expectValidationError(
        await api.post("/scheduling/appointments", { ...body, ...(field === "personId" ? {} : { personId: owner }) }),
        field,
      );
      if (field !== "personId")
        expect((await api.get(`/scheduling/appointments?q=${encodeURIComponent(`personId:${owner}`)}`)).body.total).toBe(0);
    });

    it("reports every problem at once", async () => {
      const envelope = expectErrorEnvelope(
        await api.post("/scheduling/appointments", { status: "missed", personId: 1, room: 4 }),
        422,
        "VALIDATION_ERROR",
      );
      expect(detailFields(envelope).sort()).toEqual(["appointmentType", "endAt", "personId", "room", "startAt", "status"]);
    });
  });

  it.each([
    ["an array", [interview]],
    ["a string", '"appointment"'],
    ["null", "null"],
  ])("rejects %s as the body with 400 BAD_REQUEST", async (_label, body) => {
    expectErrorEnvelope(await api.post("/scheduling/appointments", body), 400, "BAD_REQUEST");
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    expectErrorEnvelope(await api.post("/scheduling/appointments", "{'startAt': 1}"), 400, "BAD_REQUEST");
  });
});

describe("GET /scheduling/appointments/{appointmentId}", () => {
  it("returns the stored appointment with 200", async () => {
    const created = await createAppointment();
    const response = await api.get(`/scheduling/appointments/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it("finds an appointment by its id written in upper case (uuids are case-insensitive)", async () => {
    const created = await createAppointment();
    const response = await api.get(`/scheduling/appointments/${created.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    const envelope = expectErrorEnvelope(await api.get(`/scheduling/appointments/${MISSING_ID}`), 404, "NOT_FOUND");
    expect(envelope.message).toContain(MISSING_ID);
    expectErrorEnvelope(await api.get("/scheduling/appointments/tomorrow"), 404, "NOT_FOUND");
  });
});

describe("PATCH /scheduling/appointments/{appointmentId}", () => {
  it("changes the given fields only and bumps updatedAt; the status moves only through the actions", async () => {
    const created = await createAppointment();
    await untilClockPasses(created.updatedAt);
    const response = await api.patch(`/scheduling/appointments/${created.id}`, { status: "completed", notes: "Pay stubs received." });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...created,
      status: "scheduled",
      notes: "Pay stubs received.",
      updatedAt: expect.stringMatching(ISO_DATE_TIME),
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect((await api.get(`/scheduling/appointments/${created.id}`)).body).toEqual(response.body);
  });

  it("moves the appointment when both times change", async () => {
    const created = await createAppointment();
    const response = await api.patch(`/scheduling/appointments/${created.id}`, {
      startAt: "2026-05-06T09:00:00Z",
      endAt: "2026-05-06T09:30:00Z",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ startAt: "2026-05-06T09:00:00.000Z", endAt: "2026-05-06T09:30:00.000Z" }));
  });

  it("clears notes and assignedToId given as null", async () => {
    const created = await createAppointment();
    const response = await api.patch(`/scheduling/appointments/${created.id}`, { notes: null, assignedToId: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ notes: null, assignedToId: null }));
  });

  it("rejects an endAt before the stored startAt with 422 and leaves the appointment unchanged", async () => {
    const created = await createAppointment();
    expectValidationError(await api.patch(`/scheduling/appointments/${created.id}`, { endAt: "2026-05-04T13:00:00Z" }), "endAt");
    expect((await api.get(`/scheduling/appointments/${created.id}`)).body).toEqual(created);
  });

  it("rejects a startAt after the stored endAt with 422", async () => {
    const created = await createAppointment();
    expectValidationError(await api.patch(`/scheduling/appointments/${created.id}`, { startAt: "2026-05-04T15:00:00Z" }), "endAt");
    expect((await api.get(`/scheduling/appointments/${created.id}`)).body).toEqual(created);
  });

  it.each([
    ["a non-uuid personId", { personId: "someone" }, "personId"],
    ["a null appointmentType", { appointmentType: null }, "appointmentType"],
    ["an unknown field", { room: "4" }, "room"],
    ["a wrong type", { notes: ["a", "b"] }, "notes"],
  ])("rejects %s with 422 and leaves the appointment unchanged", async (_label, patch, field) => {
    const created = await createAppointment();
    expectValidationError(await api.patch(`/scheduling/appointments/${created.id}`, patch), field);
    expect((await api.get(`/scheduling/appointments/${created.id}`)).body).toEqual(created);
  });

  it("ignores read-only fields in the patch", async () => {
    const created = await createAppointment();
    const response = await api.patch(`/scheduling/appointments/${created.id}`, {
      id: MISSING_ID,
      updatedAt: "2000-01-01T00:00:00.000Z",
      status: "canceled",
      rescheduledToId: MISSING_ID,
      notes: "Moved to the afternoon.",
    });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(created.id);
    expect(response.body.updatedAt).not.toBe("2000-01-01T00:00:00.000Z");
    // The status is the lifecycle's: sent back, it is ignored, not refused.
    expect(response.body).toMatchObject({ status: "scheduled", rescheduledToId: null, notes: "Moved to the afternoon." });
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.patch(`/scheduling/appointments/${MISSING_ID}`, { status: "completed" }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch("/scheduling/appointments/not-a-uuid", { status: "completed" }), 404, "NOT_FOUND");
  });

  it("rejects an empty patch {} with 400 BAD_REQUEST", async () => {
    const created = await createAppointment();
    const envelope = expectErrorEnvelope(await api.patch(`/scheduling/appointments/${created.id}`, {}), 400, "BAD_REQUEST");
    expect(detailFields(envelope)).toEqual(["body"]);
  });

  it("rejects a non-object body with 400 BAD_REQUEST", async () => {
    const created = await createAppointment();
    expectErrorEnvelope(await api.patch(`/scheduling/appointments/${created.id}`, [1]), 400, "BAD_REQUEST");
    expectErrorEnvelope(await api.patch(`/scheduling/appointments/${created.id}`, "true"), 400, "BAD_REQUEST");
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    const created = await createAppointment();
    expectErrorEnvelope(await api.patch(`/scheduling/appointments/${created.id}`, '{"status": "completed"'), 400, "BAD_REQUEST");
    expect((await api.get(`/scheduling/appointments/${created.id}`)).body).toEqual(created);
  });
});

describe("DELETE /scheduling/appointments/{appointmentId}", () => {
  it("deletes permanently: 204 without a body, then GET 404 and a second DELETE 404", async () => {
    const created = await createAppointment();
    const response = await api.delete(`/scheduling/appointments/${created.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectErrorEnvelope(await api.get(`/scheduling/appointments/${created.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`/scheduling/appointments/${created.id}`), 404, "NOT_FOUND");
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.delete(`/scheduling/appointments/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete("/scheduling/appointments/not-a-uuid"), 404, "NOT_FOUND");
  });
});
