/** Records a test writes through the public REST API, as a client would, each write checked to be a 201. */
import { expectStatus, type Json } from "./expectations";

/** What writing needs of a test client (`httpClient` in platform.ts). */
export type Writer = { post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body?: any }> };
type Updater = { patch(path: string, body?: unknown): Promise<{ status: number; body?: any }> };

/**
 * POSTs `body` to `path` and answers the record created (typed as loosely as a test reads it, so a test
 * may hold it as its own record type); fails unless the platform answers 201.
 */
export const created = (api: Writer, path: string, body: unknown, headers?: Record<string, string>): Promise<any> =>
  expectStatus(api.post(path, body, headers), 201, `POST ${path}`);

// ---------------------------------------------------------------------------------------------------
// Bodies (as subgraphs/*/src/domain/*.ts accept them), for tests that only need a record to exist

export const personBody = (label: string) => ({
  name: { firstName: label, lastName: "Stream" },
  email: `${label.toLowerCase()}@example.org`,
});
export const caseBody = (personId: string) => ({
  effectiveStartDate: "2025-10-01",
  primaryApplicantId: personId,
  members: [{ personId, relationship: "self" }],
});
export const appointmentBody = (personId: string) => ({
  personId,
  startAt: "2026-01-10T15:00:00Z",
  endAt: "2026-01-10T15:30:00Z",
  appointmentType: "Intake interview",
});

/** A person named `label` (`personBody`): the new person's id. */
export const newPerson = async (api: Writer, label: string): Promise<string> => (await created(api, "/persons", personBody(label))).id;
/** A case whose one member is `personId` (`caseBody`): the new case's id. */
export const newCase = async (api: Writer, personId: string): Promise<string> =>
  (await created(api, "/case-management/cases", caseBody(personId))).id;
/** An appointment for `personId` (`appointmentBody`): the new appointment's id. */
export const newAppointment = async (api: Writer, personId: string): Promise<string> =>
  (await created(api, "/scheduling/appointments", appointmentBody(personId))).id;

/** Changes person `id` by a JSON merge patch; fails unless the platform answers 200. */
export const updatePerson = (api: Updater, id: string, patch: Json): Promise<Json> =>
  expectStatus(api.patch(`/persons/${id}`, patch), 200, `PATCH /persons/${id}`);

/** An application as `body` describes it (by `headers`' caller, else the suite's administrator): the record created. */
export const newApplication = (api: Writer, body: Json, headers?: Record<string, string>): Promise<any> =>
  created(api, "/intake/applications", body, headers);

/** A task as `body` describes it (by `headers`' caller, else the suite's administrator): the record created. */
export const newTask = (api: Writer, body: Json, headers?: Record<string, string>): Promise<any> =>
  created(api, "/workflow/tasks", body, headers);
