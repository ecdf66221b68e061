import { checkSection, readDeploymentSource } from "@pap/core";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtInWorkflowConfig, workflowConfigOf, workflowSection } from "./deployment";

/** The workflow section's problems for a file holding `yaml`, as `path: message` lines. */
function problemsOf(yaml: string): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pap-workflow-config-")), "deployment.yaml");
  writeFileSync(file, yaml);
  return checkSection(workflowSection, readDeploymentSource(file)).problems.map((problem) => `${problem.path}: ${problem.message}`);
}

const SNAP = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";
const KERN = "7a0c5f7e-2b1d-4c3e-8f90-0a1b2c3d4e5f";
const queues = `
  queues:
    - { id: ${SNAP}, name: snap-intake }
    - { id: ${GENERAL}, name: general-intake }
    - { id: ${KERN}, name: kern-intake, county: "06029" }`;

describe("the workflow's section of a deployment file", () => {
  it("is the built-in configuration when the file leaves it out", () => {
    expect(problemsOf("platform: {}\n")).toEqual([]);
    const config = builtInWorkflowConfig();
    expect(config.queues.map((queue) => queue.name)).toEqual(["snap-intake", "general-intake"]);
    expect(config.slaTypes.map((type) => [type.code, type.durationMs / 86_400_000, type.pauseWhen])).toEqual([
      ["snap_expedited", 7, ["awaiting_client", "awaiting_verification"]],
      ["snap_standard", 30, ["awaiting_client", "awaiting_verification"]],
      ["medicaid_standard", 45, ["awaiting_client", "awaiting_verification"]],
      ["medicaid_disability", 90, ["awaiting_client", "awaiting_verification"]],
    ]);
    expect(config.routing).toEqual({ rules: [{ queue: "snap-intake", when: { programs: ["snap"] } }], defaultQueue: "general-intake" });
    expect(config.metrics.map((metric) => metric.id)).toEqual([
      "task_time_to_claim",
      "tasks_in_queue",
      "release_rate",
      "sla_breach_rate",
      "sla_warning_rate",
    ]);
  });

  it("takes a county queue and a TANF SLA, keeping the built-in keys it leaves out", () => {
    const yaml = `workflow:${queues}
  slaTypes:
    - { code: snap_standard, name: SNAP Standard, duration: { amount: 30, unit: days }, warningThresholdPercent: 75 }
    - { code: tanf_standard, name: TANF Standard, duration: { amount: 45, unit: days }, warningThresholdPercent: 80, pauseWhen: [awaiting_client] }
  applicationClocks:
    - { program: tanf, slaType: tanf_standard }
  routing:
    rules:
      - { queue: kern-intake, when: { counties: ["06029"] } }
      - { queue: snap-intake, when: { programs: [snap] } }
    defaultQueue: general-intake
`;
    expect(problemsOf(yaml)).toEqual([]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pap-workflow-config-")), "deployment.yaml");
    writeFileSync(file, yaml);
    const config = workflowConfigOf(checkSection(workflowSection, readDeploymentSource(file)).value!);
    expect(config.slaTypes.find((type) => type.code === "tanf_standard")).toEqual({
      code: "tanf_standard",
      name: "TANF Standard",
      durationMs: 45 * 86_400_000,
      warningThresholdPercent: 80,
      pauseWhen: ["awaiting_client"],
    });
    expect(config.queues.find((queue) => queue.name === "kern-intake")).toEqual({
      id: KERN,
      name: "kern-intake",
      description: "",
      county: "06029",
    });
    expect(config.metrics).toHaveLength(5);
  });

  it("lists every problem at once: entries, unknown names, repeats and county mismatches", () => {
    const yaml = `workflow:${queues}
    - { id: ${KERN}, name: snap-intake, county: "6029" }
    - { id: ${KERN}, name: fresno-intake, county: 06019 }
  slaTypes:
    - { code: tanf_standard, name: TANF, duration: { amount: 0, unit: weeks }, warningThresholdPercent: 100, pauseWhen: [completed] }
    - { code: tanf_standard, name: TANF again, duration: { amount: 30, unit: days }, warningThresholdPercent: 75 }
  applicationClocks:
    - { program: tanf, slaType: tanf_expedited }
    - { program: wic, slaType: tanf_standard }
  routing:
    rules:
      - { queue: kern-intake, when: { programs: [tanf] } }
      - { queue: alameda-intake, when: { counties: ["06001"] } }
    defaultQueue: kern-intake
  metrics:
    - { id: task_time_to_claim, name: Claim time, description: "" }
    - { id: approvals_per_day, name: Approvals, description: "" }
`;
    expect(problemsOf(yaml)).toEqual([
      "workflow.queues[3].county: must be a five-digit county FIPS code",
      'workflow.queues[4].county: must be a five-digit county FIPS code, quoted ("06029")',
      "workflow.slaTypes[0].duration.amount: Too small: expected number to be >=1",
      'workflow.slaTypes[0].duration.unit: Invalid option: expected one of "minutes"|"hours"|"days"',
      "workflow.slaTypes[0].warningThresholdPercent: Too big: expected number to be <=99",
      expect.stringMatching(/^workflow\.slaTypes\[0\]\.pauseWhen\[0\]: Invalid option: expected one of "pending"/),
      expect.stringMatching(/^workflow\.applicationClocks\[1\]\.program: Invalid option: expected one of "snap"/),
      expect.stringMatching(/^workflow\.metrics\[1\]\.id: Invalid option: expected one of "task_time_to_claim"/),
    ]);
    // Once the entries are well formed, the cross-checks speak.
    const crossed = yaml
      .replace(', county: "6029"', "")
      .replace(`    - { id: ${KERN}, name: fresno-intake, county: 06019 }\n`, "")
      .replace(
        "duration: { amount: 0, unit: weeks }, warningThresholdPercent: 100, pauseWhen: [completed]",
        "duration: { amount: 30, unit: days }, warningThresholdPercent: 75",
      )
      .replace("program: wic", "program: chip")
      .replace(
        '    - { id: approvals_per_day, name: Approvals, description: "" }\n',
        '    - { id: task_time_to_claim, name: Again, description: "" }\n',
      );
    expect(problemsOf(crossed)).toEqual([
      `workflow.queues[3].id: repeats the id of entry 2 (${KERN})`,
      "workflow.queues[3].name: repeats the name of entry 0 (snap-intake)",
      "workflow.slaTypes[1].code: repeats the code of entry 0 (tanf_standard)",
      "workflow.metrics[1].id: repeats the id of entry 0 (task_time_to_claim)",
      "workflow.applicationClocks[0].slaType: names no SLA type of slaTypes (tanf_expedited)",
      "workflow.routing.rules[0].when.counties: must be [06029]: the rule sends work to kern-intake, the queue of county 06029",
      "workflow.routing.rules[1].queue: names no queue of queues (alameda-intake)",
      "workflow.routing.defaultQueue: must be a state queue (without a county): kern-intake is county 06029's",
    ]);
  });
});
