/**
 * Each declared resource agrees with the Prisma model that stores it (SPEC resources are declared
 * once, storage stays the truth): every stored field has a column of its kind, list-ness and
 * nullability, every enum the stored enum's values, and every column is accounted for.
 */
import { storageDisagreements, type StoredModel } from "@pap/kernel/resource";
import { getDatamodel, storedEnums } from "@pap/db";
import { domains } from "@pap/gateway";

const models = getDatamodel().datamodel.models as unknown as Record<string, StoredModel>;
const stored = domains.flatMap((domain) => domain.resources).filter((resource) => resource.declaration.model);

describe("resource declarations and their Prisma models", () => {
  it("declares every resource of every domain, and the stored ones name their model", () => {
    expect(domains.flatMap((domain) => domain.resources.map((resource) => resource.name)).sort()).toEqual(
      [
        ...[
          "Application",
          "ApplicationMember",
          "Appointment",
          "AuditEntry",
          "Case",
          "Event",
          "Metric",
          "Person",
          "Policy",
          "Queue",
          "Task",
          "User",
        ],
        // Intake's household records and verifications (resources.md §3.4–§3.5).
        ...[
          "ApplicationContact",
          "Asset",
          "AssetDisposal",
          "AuthorizedRepresentative",
          "ChildSupport",
          "Deduction",
          "DisabilityBenefit",
          "Expense",
        ],
        ...[
          "HealthEnrollment",
          "HealthPlan",
          "HouseholdInfo",
          "Income",
          "Interview",
          "Job",
          "Organization",
          "PersonRelationship",
          "Signature",
          "Sponsor",
          "TaxFiler",
        ],
        "Verification",
        // Eligibility's determinations and their decisions (SPEC §2.10).
        ...["Decision", "Determination"],
        // The data-exchange catalog and its calls (SPEC §2.5).
        ...["ExternalService", "ServiceCall"],
        // Document management's types, documents and versions (SPEC §2.4).
        ...["DocumentType", "Document", "DocumentVersion", "DocumentLink"],
        // Communication's notices and their copies.
        ...["Notice", "NoticeDelivery"],
      ].sort(),
    );
    expect(stored.map((resource) => resource.name)).not.toContain("Metric");
  });

  it.each(stored.map((resource) => [resource.name, resource] as const))("%s agrees with its model", (_name, resource) => {
    const model = models[resource.declaration.model!];
    expect(model).toBeDefined();
    expect(
      storageDisagreements(resource.declaration, model!, storedEnums as unknown as Record<string, Record<string, string>>, models),
    ).toEqual([]);
  });

  it("names what disagrees: a missing column, another type, nullability, enum values, an undeclared column", () => {
    const task = stored.find((resource) => resource.name === "Task")!.declaration;
    const drifted = {
      ...task,
      fields: {
        ...task.fields,
        color: { kind: "string" },
        priority: { ...task.fields.priority, kind: "string" },
        outcome: { kind: "string" },
        status: { ...task.fields.status, values: ["pending", "done"] },
      },
      list: { ...task.list, extra: {} },
    } as typeof task;
    const problems = storageDisagreements(drifted, models.Task!, storedEnums as unknown as Record<string, Record<string, string>>, models);
    expect(problems).toEqual(
      expect.arrayContaining([
        "Task.color: the model has no field 'color'",
        "Task.priority: a string, stored as Int",
        "Task.outcome: never null, stored optional",
        expect.stringMatching(/^Task\.status: values pending, done, stored enum TaskStatus has /),
        "Task: the model's 'slaStatuses' is not declared (declare it, or name it in storedOnly)",
      ]),
    );
  });
});
