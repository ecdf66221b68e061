import { readFileSync } from "node:fs";
import path from "node:path";
import { actionTable, mermaidDiagram } from "@pap/kernel/state-machine";
import { approvalPolicyFromEnv, needsSupervisorApproval } from "../config/determination-approval";
import { missingForFiling, type FilingFacts } from "../config/filing-minimum";
import { obligationsFor } from "../operations/verifications";
import { applicationMachine } from "./application-machine";
import { referenceProblems } from "./references";
import { inverseRelationships } from "./relationships";
import { verificationMachine } from "./verification-machine";

const signed: FilingFacts = {
  programs: ["snap"],
  primaryApplicant: { firstName: "Ana", lastName: "Ruiz", hasAddress: true, isExperiencingHomelessness: false },
  signaturePurposes: new Set(["application"]),
};

describe("the filing minimum", () => {
  it("asks a SNAP application for the applicant's name, an address and an application signature, one detail each", () => {
    expect(missingForFiling(signed)).toEqual([]);
    expect(
      missingForFiling({ ...signed, primaryApplicant: null, signaturePurposes: new Set(["hipaa_consent"]) }).map((gap) => gap.field),
    ).toEqual(["members", "members", "signatures"]);
  });

  it("lets a household without a home file without an address", () => {
    expect(
      missingForFiling({
        ...signed,
        primaryApplicant: { ...signed.primaryApplicant!, hasAddress: false, isExperiencingHomelessness: true },
      }),
    ).toEqual([]);
    expect(missingForFiling({ ...signed, primaryApplicant: { ...signed.primaryApplicant!, hasAddress: false } })).toHaveLength(1);
  });

  it("asks nothing of an application for programs the rules do not name", () => {
    expect(missingForFiling({ programs: ["medicaid"], primaryApplicant: null, signaturePurposes: new Set() })).toEqual([]);
  });
});

describe("program verifications", () => {
  const members = [
    { id: "m1", programsAppliedFor: ["snap"] },
    { id: "m2", programsAppliedFor: ["medicaid"] },
  ];
  it("asks each program's checks of the members applying for it, their incomes and the household, once each", () => {
    const drafts = obligationsFor(["snap", "medicaid"], members, [{ id: "i1", memberId: "m1" }]);
    expect(drafts.map((draft) => `${draft.category}:${draft.sourceType}:${draft.sourceId}:${draft.verificationType}`).sort()).toEqual([
      "citizenship:member:m2:electronic",
      "identity:member:m1:electronic",
      "immigration:member:m2:electronic",
      "income:income:i1:electronic",
      "residency:null:null:document",
    ]);
  });
});

describe("relationships both ways", () => {
  it("inverts what has an inverse, and says nothing false of the rest", () => {
    expect(inverseRelationships(["parent", "spouse"])).toEqual(["child", "spouse"]);
    expect(inverseRelationships(["legal_guardian"])).toEqual([]);
  });
});

describe("references within an application", () => {
  const known = async (target: string) => new Set(target === "member" ? ["m1"] : target === "contact" ? ["c1"] : []);
  it("names each reference to something not on the application", async () => {
    const problems = await referenceProblems(
      {
        spouse: { type: "contact", id: "c2" },
        dependents: [
          { type: "member", id: "m1" },
          { type: "member", id: "m9" },
        ],
        jobId: "j1",
      },
      [
        { path: "spouse", kind: "person" },
        { path: "dependents[]", kind: "person" },
        { path: "jobId", kind: "id", target: "job" },
      ],
      known as never,
    );
    expect(problems.map((problem) => problem.field)).toEqual(["spouse.id", "dependents[1].id", "jobId"]);
  });
});

describe("the intake page's lifecycle sections", () => {
  const page = readFileSync(path.join(__dirname, "../../../../docs/domains/intake.md"), "utf8");
  it.each([
    ["application", applicationMachine],
    ["verification", verificationMachine],
  ] as const)("the %s machine's diagram and table are generated from it", (name, machine) => {
    const section = page.split(`<!-- ${name}-machine:start -->\n`)[1]?.split(`\n<!-- ${name}-machine:end -->`)[0];
    // On failure, paste the generated text between the page's markers.
    expect(section).toBe(`\`\`\`mermaid\n${mermaidDiagram(machine)}\n\`\`\`\n\n${actionTable(machine)}`);
  });
});

describe("the determination approval policy (INTAKE_DETERMINATION_APPROVAL)", () => {
  const approved = { program: "snap", outcome: "approved" } as const;
  const denied = { program: "tanf", outcome: "denied" } as const;
  it.each([
    [undefined, [approved, denied], false],
    ["off", [denied], false],
    ["all", [approved], true],
    ["denials", [approved], false],
    ["denials", [approved, denied], true],
    ["snap, medicaid", [denied], false],
    ["snap, medicaid", [approved], true],
  ] as const)("%s with %j → %s", (setting, decisions, expected) => {
    expect(
      needsSupervisorApproval(approvalPolicyFromEnv(setting === undefined ? {} : { INTAKE_DETERMINATION_APPROVAL: setting }), decisions),
    ).toBe(expected);
  });
});
