import { readFileSync } from "node:fs";
import path from "node:path";
import { actionTable, mermaidDiagram, planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import { decisionMachine } from "./decision-machine";
import { determinationMachine, type DeterminationFacts } from "./determination-machine";

const system: MachineCaller = { id: "system", roles: ["system"] };
const worker: MachineCaller = { id: "worker", roles: ["case_worker"] };
const now = new Date("2026-11-25T12:00:00Z");

const determination = (status: DeterminationFacts["status"], undecided = 0): DeterminationFacts =>
  ({
    id: "d1",
    applicationId: "a1",
    status,
    expeditedFlagged: false,
    completedAt: null,
    withdrawnAt: null,
    createdAt: now,
    updatedAt: now,
    undecided,
  }) as DeterminationFacts;
const decision = {
  id: "x1",
  determinationId: "d1",
  applicationId: "a1",
  memberId: "m1",
  program: "snap",
  status: "pending",
  path: null,
  decidedAt: null,
  denialReasonCode: null,
} as never;

const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status: number }) => error.status,
  );

describe("the determination machine", () => {
  it("flags expedited in place, with the application as the event's subject", async () => {
    const plan = await planTransition(determinationMachine, "flag-expedited", determination("pending"), system, {}, {}, now);
    expect(plan.changes).toEqual({ expeditedFlagged: true });
    expect(plan.emissions).toEqual([
      { name: "application.expedited", subject: "a1", data: { applicationId: "a1", determinationId: "d1" } },
    ]);
  });

  it("completes only when every decision is made, in the platform's order of checks", async () => {
    expect(await statusOf(planTransition(determinationMachine, "complete", determination("completed"), system, {}, {}, now))).toBe(409);
    expect(await statusOf(planTransition(determinationMachine, "complete", determination("in_progress", 1), worker, {}, {}, now))).toBe(
      403,
    );
    expect(await statusOf(planTransition(determinationMachine, "complete", determination("in_progress", 1), system, {}, {}, now))).toBe(
      409,
    );
    expect(
      await statusOf(planTransition(determinationMachine, "complete", determination("in_progress", 0), system, { extra: 1 }, {}, now)),
    ).toBe(422);
    const plan = await planTransition(determinationMachine, "complete", determination("in_progress", 0), system, {}, {}, now);
    expect(plan.changes).toEqual({ completedAt: now, status: "completed" });
  });
});

describe("the decision machine", () => {
  it("needs a path, and a reason code to deny or find ineligible", async () => {
    expect(await statusOf(planTransition(decisionMachine, "approve", decision, system, {}, {}, now))).toBe(422);
    expect(await statusOf(planTransition(decisionMachine, "deny", decision, system, { path: "auto" }, {}, now))).toBe(422);
    expect(await statusOf(planTransition(decisionMachine, "deny", decision, worker, { path: "auto" }, {}, now))).toBe(403);
    const plan = await planTransition(
      decisionMachine,
      "mark-ineligible",
      decision,
      system,
      { path: "manual", denialReasonCode: "INC01" },
      {},
      now,
    );
    expect(plan.emissions[0]).toEqual({
      name: "application.decision_completed",
      data: { determinationId: "d1", memberId: "m1", program: "snap", status: "ineligible", path: "manual", denialReasonCode: "INC01" },
    });
  });
});

describe("the eligibility page's lifecycle section", () => {
  const page = readFileSync(path.join(__dirname, "../../../../docs/domains/eligibility.md"), "utf8");
  it.each([
    ["determination", determinationMachine],
    ["decision", decisionMachine],
  ] as const)("the %s machine's diagram and table are generated from it", (name, machine) => {
    const section = page.split(`<!-- ${name}-machine:start -->\n`)[1]?.split(`\n<!-- ${name}-machine:end -->`)[0];
    // On failure, paste the generated text between the page's markers.
    expect(section).toBe(`\`\`\`mermaid\n${mermaidDiagram(machine)}\n\`\`\`\n\n${actionTable(machine)}`);
  });
});
