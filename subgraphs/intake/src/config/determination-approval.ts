import { readSetting } from "@pap/core";

/** A member's program decisions as intake records them (`programDeterminations`). */
export type RecordedDecision = { program: string; outcome: "approved" | "denied" };

/**
 * When a supervisor must sign off a completed determination before the application closes: the
 * deployment's policy, set by INTAKE_DETERMINATION_APPROVAL. `off` (the default): never, every
 * application closes as its determination completes; `denials`: whenever a program is denied to a
 * member (the decisions a household most often appeals); `all`: always; a comma-separated list of
 * programs (`snap,tanf`): whenever one of them was decided for a member.
 */
export type ApprovalPolicy = { kind: "off" } | { kind: "denials" } | { kind: "all" } | { kind: "programs"; programs: ReadonlySet<string> };

export function approvalPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): ApprovalPolicy {
  const setting = readSetting("INTAKE_DETERMINATION_APPROVAL", env).toLowerCase();
  if (setting === "" || setting === "off") return { kind: "off" };
  if (setting === "denials" || setting === "all") return { kind: setting };
  return {
    kind: "programs",
    programs: new Set(
      setting
        .split(",")
        .map((program) => program.trim())
        .filter(Boolean),
    ),
  };
}

/** Whether the application's decisions need a supervisor's sign-off under `policy`. */
export function needsSupervisorApproval(policy: ApprovalPolicy, decisions: readonly RecordedDecision[]): boolean {
  switch (policy.kind) {
    case "off":
      return false;
    case "all":
      return true;
    case "denials":
      return decisions.some((decision) => decision.outcome === "denied");
    case "programs":
      return decisions.some((decision) => policy.programs.has(decision.program));
  }
}
