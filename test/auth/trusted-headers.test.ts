/**
 * Behind an authenticating proxy (AUTH_MODE=trusted-headers) the caller is named by `X-Caller-Id`,
 * which is often the identity provider's subject rather than the platform's user id: work still goes
 * to the account that subject links, and a refusal names the header to send.
 */
import type { RunningPlatform } from "@pap/gateway";
import { randomUUID } from "node:crypto";
import { startPlatformOn } from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { created, newTask } from "../support/creators";

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  platform = await startPlatformOn(await createTestDatabase("trusted_headers"), { AUTH_MODE: "trusted-headers" });
  api = httpClient(platform.url);
});
afterAll(async () => {
  await platform?.close();
});

const as = (id: string, roles: string) => ({ authorization: "", "x-caller-id": id, "x-caller-roles": roles });
const admin = as("proxy|admin", "state_admin");

const account = (role: string) =>
  created(
    api,
    "/identity-access/users",
    { idpSubject: `proxy|${randomUUID()}`, email: `${randomUUID().slice(0, 8)}@agency.example.gov`, role },
    admin,
  );

const aTask = () => newTask(api, { name: `Review ${randomUUID().slice(0, 6)}` }, admin);

describe("trusted headers", () => {
  it("a caller who sends nothing is told to send X-Caller-Id", async () => {
    const response = await api.get("/persons");
    expect(response.status).toBe(401);
    expect(response.body.message).toContain("X-Caller-Id");
    expect(response.body.message).not.toContain("Bearer");
  });

  it("a worker named by the identity provider's subject claims a task as the account that subject links", async () => {
    const worker = await account("case_worker");
    const task = await aTask();
    const claimed = await api.post(`/workflow/tasks/${task.id}/claim`, undefined, as(worker.idpSubject, "case_worker"));
    expect(claimed.status).toBe(200);
    expect(claimed.body.assignedToId).toBe(worker.id);
    // …and then acts on it as that worker.
    const completed = await api.post(`/workflow/tasks/${task.id}/complete`, { outcome: "approved" }, as(worker.idpSubject, "case_worker"));
    expect([completed.status, completed.body.status]).toEqual([200, "completed"]);
  });

  it("a worker named by the platform's user id claims as before", async () => {
    const worker = await account("case_worker");
    const task = await aTask();
    const claimed = await api.post(`/workflow/tasks/${task.id}/claim`, undefined, as(worker.id, "case_worker"));
    expect([claimed.status, claimed.body.assignedToId]).toEqual([200, worker.id]);
  });

  it("a subject no active account links cannot claim (409)", async () => {
    const task = await aTask();
    const unknown = await api.post(`/workflow/tasks/${task.id}/claim`, undefined, as("proxy|nobody", "case_worker"));
    expect(unknown.status).toBe(409);
    const worker = await account("case_worker");
    expect((await api.delete(`/identity-access/users/${worker.id}`, admin)).status).toBe(204);
    const deactivated = await api.post(`/workflow/tasks/${task.id}/claim`, undefined, as(worker.idpSubject, "case_worker"));
    expect(deactivated.status).toBe(409);
  });

  it("a supervisor assigns a task to an account by its user id", async () => {
    const worker = await account("case_worker");
    const task = await aTask();
    const assigned = await api.post(`/workflow/tasks/${task.id}/assign`, { assignedToId: worker.id }, as("proxy|supervisor", "supervisor"));
    expect([assigned.status, assigned.body.assignedToId]).toEqual([200, worker.id]);
  });
});
