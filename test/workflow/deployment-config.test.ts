// A deployment's configuration as data (issue 32): a state's file (test/support/deployment-files.ts,
// the worked example of docs/configuration.md) adds Kern County's queue and a TANF SLA. The platform
// seeds the queue as configuration (source system), routes a Kern filing there by the first rule that
// matches, starts the TANF clock on a TANF filing's review task, and takes the new SLA type from clients.
import { deploymentFile } from "./deployment-config.file";
import { KERN, KERN_QUEUE } from "../support/deployment-files";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { newApplication, newTask } from "../support/creators";
import { eventsOf } from "../support/event-log";
import { useTestPlatform } from "../support/platform";

// The filing minimum is intake's to test; a filing here needs programs and the primary applicant's address.
process.env.INTAKE_FILING_MINIMUM = "off";

const { api, settle } = useTestPlatform("deployment_config");

const SNAP_INTAKE = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL_INTAKE = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";
const DAY = 24 * 3600 * 1000;
const notExpedited = { totalMoneyExpectedThisMonth: 2400, totalCashOnHand: 300 };

/** Files an application for `programs` whose household lives in `county` (a FIPS code, or none), and waits for its review task. */
async function reviewTaskOf(programs: string[], county: string | null): Promise<Json> {
  const application = await newApplication(api, { programs, channel: "online", expeditedSnap: notExpedited });
  await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      programsAppliedFor: programs,
      contact: {
        name: { firstName: "Ana", lastName: "Ruiz" },
        primaryAddress: { addressLine1: "1 Main St", city: "Bakersfield", state: "CA", zip: "93301", ...(county && { county }) },
      },
    }),
    201,
    "primary applicant",
  );
  await expectStatus(api.post(`/intake/applications/${application.id}/submit`, {}), 200, "submit");
  await settle();
  const tasks = await expectStatus(
    api.get(listPath("/workflow/tasks", { q: `subjectId:${application.id} taskType:application_review` })),
    200,
    "review task",
  );
  expect(tasks.items).toHaveLength(1);
  const [filing] = await eventsOf(api, application.id, "intake.application.submitted");
  return { ...tasks.items[0], filedAt: filing!.time };
}

it("runs on the file PLATFORM_CONFIG names", () => {
  expect(process.env.PLATFORM_CONFIG).toBe(deploymentFile);
});

it("seeds the file's queues, the county's among them, as configuration (source system)", async () => {
  const queues = await expectStatus(api.get("/workflow/queues?limit=50"), 200, "queues");
  expect(queues.items.map((queue: Json) => [queue.name, queue.county, queue.source])).toEqual([
    ["general-intake", null, "system"],
    ["kern-intake", KERN, "system"],
    ["snap-intake", null, "system"],
  ]);
  expect(queues.items.find((queue: Json) => queue.name === "kern-intake").id).toBe(KERN_QUEUE);
  // Configuration, not the API, changes it.
  expect((await api.delete(`/workflow/queues/${KERN_QUEUE}`)).status).toBe(409);
});

it("routes a Kern TANF filing to Kern's queue, on the 45-day TANF clock from the filing", async () => {
  const task = await reviewTaskOf(["tanf"], KERN);
  expect(task).toMatchObject({ county: KERN, queueId: KERN_QUEUE, programType: "tanf" });
  expect(task.slaInfo).toEqual([expect.objectContaining({ slaTypeCode: "tanf_standard", status: "active", clockStartedAt: task.filedAt })]);
  expect(new Date(task.slaDeadline).getTime() - new Date(task.filedAt).getTime()).toBe(45 * DAY);
});

it("takes the first rule that matches: a Kern SNAP filing goes to Kern's queue, another county's to snap-intake", async () => {
  const kern = await reviewTaskOf(["snap"], KERN);
  expect(kern).toMatchObject({ queueId: KERN_QUEUE, slaInfo: [expect.objectContaining({ slaTypeCode: "snap_standard" })] });
  const elsewhere = await reviewTaskOf(["snap"], "06001");
  expect(elsewhere).toMatchObject({ county: "06001", queueId: SNAP_INTAKE });
});

it("sends a TANF filing of no county with a rule to the default queue, its TANF clock running", async () => {
  const task = await reviewTaskOf(["tanf"], null);
  expect(task).toMatchObject({
    county: null,
    queueId: GENERAL_INTAKE,
    slaInfo: [expect.objectContaining({ slaTypeCode: "tanf_standard" })],
  });
});

it("takes the new SLA type from a client naming it, over REST and GraphQL, and refuses one the file does not hold", async () => {
  const task = await newTask(api, { name: "Review TANF case", programType: "tanf", slaInfo: [{ slaTypeCode: "tanf_standard" }] });
  expect(task.slaInfo).toEqual([expect.objectContaining({ slaTypeCode: "tanf_standard", status: "active" })]);
  expect(task.queueId).toBe(GENERAL_INTAKE);
  const refused = await api.post("/workflow/tasks", { name: "x", slaInfo: [{ slaTypeCode: "tanf_expedited" }] });
  expect(refused.status).toBe(422);
  const graph = await api.post("/graphql", { query: `{ task(id: "${task.id}") { slaInfo { slaTypeCode } } }` });
  expect(graph.body).toEqual({ data: { task: { slaInfo: [{ slaTypeCode: "tanf_standard" }] } } });
});
