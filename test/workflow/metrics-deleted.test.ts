// A deleted task's events stay in the log, so they stay in the event ratios: without grouping, and
// grouped under "none" (the task and its queue and program are gone), so a breakdown adds up.
import { workerAccount } from "../support/auth";
import { useTestPlatform } from "../support/platform";

const { api } = useTestPlatform("workflow_metrics_deleted");

it("counts a deleted task's events, under 'none' when grouped", async () => {
  const worker = (await workerAccount(api)).headers;
  const kept = (await api.post("/workflow/tasks", { name: "Kept", programType: "snap" })).body.id as string;
  const gone = (await api.post("/workflow/tasks", { name: "Gone", programType: "medicaid" })).body.id as string;
  expect((await api.post(`/workflow/tasks/${kept}/claim`, {}, worker)).status).toBe(200);
  expect((await api.post(`/workflow/tasks/${kept}/release`, { reason: "wrong queue" }, worker)).status).toBe(200);
  expect((await api.delete(`/workflow/tasks/${gone}`)).status).toBe(204);

  // Kept: created, claimed, released; gone: created, deleted. One release in five task events.
  const plain = await api.get("/workflow/metrics/release_rate");
  expect(plain.body.value).toBeCloseTo(1 / 5, 10);
  const grouped = await api.get("/workflow/metrics/release_rate?groupBy=programType");
  expect(grouped.body).toMatchObject({ value: null, breakdown: { snap: expect.closeTo(1 / 3, 10), none: 0 } });
  expect(Object.keys(grouped.body.breakdown).sort()).toEqual(["none", "snap"]);
});
